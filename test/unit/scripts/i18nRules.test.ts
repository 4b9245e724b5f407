// The translation check's word rules, each against a small catalogue that breaks it and one
// that keeps it: the glossary, pt-BR only, Traditional characters only in zh-TW, and the
// generated glossary pages.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { glossaryFiles } from '../../../scripts/i18n/glossaryDoc.ts';
import {
  glossaryProblems,
  isSimplifiedOnly,
  portugalProblems,
  simplifiedProblems,
  type Entry,
} from '../../../scripts/i18n/rules.ts';

const card = ['src/features/card/cardLabels.ts'];

describe('the glossary rule', () => {
  it("refuses a frozen card in Thai that says blocked's word", () => {
    const frozen: Entry = { english: 'Frozen', translation: 'ถูกระงับ', origins: card };
    const problems = glossaryProblems('th', [frozen]);
    expect(problems.join('\n')).toMatch(/does not say freeze as "อายัด"/);
    expect(problems.join('\n')).toMatch(/says "ระงับ"/);
    expect(glossaryProblems('th', [{ ...frozen, translation: 'ถูกอายัด' }])).toEqual([]);
  });

  it('refuses a Thai blocked card that does not say it is for good', () => {
    const blocked: Entry = { english: 'Blocked', translation: 'ถูกระงับ', origins: card };
    expect(glossaryProblems('th', [blocked])).toHaveLength(1);
    expect(glossaryProblems('th', [{ ...blocked, translation: 'ระงับถาวร' }])).toEqual([]);
  });

  it('refuses a Korean ticket transfer worded as a money remittance, anywhere', () => {
    const transfer: Entry = {
      english: 'Transfer successful',
      translation: '송금 완료',
      origins: ['src/features/transfer/TransferScreen.tsx'],
    };
    expect(glossaryProblems('ko', [transfer]).join('\n')).toMatch(/송금/);
    expect(glossaryProblems('ko', [{ ...transfer, translation: '전송 완료' }])).toEqual([]);
    const elsewhere: Entry = { english: 'Sent', translation: '송금함' };
    expect(glossaryProblems('ko', [elsewhere]).join('\n')).toMatch(/use "전송"/);
  });

  it('tells the release transfer from the ticket transfer by the screen that uses it', () => {
    const release: Entry = {
      english: 'Transfer to balance',
      translation: '잔액으로 이체',
      origins: ['src/features/release/ReleaseScreen.tsx'],
    };
    expect(glossaryProblems('ko', [release])).toEqual([]);
    const ticket = { ...release, origins: ['src/features/transfer/TransferScreen.tsx'] };
    expect(glossaryProblems('ko', [ticket]).join('\n')).toMatch(
      /"이체" \(a bank account transfer\)/,
    );
  });

  it('refuses the balance word where the English names no balance (unreleased funds)', () => {
    const remaining: Entry = { english: 'Remaining total', translation: 'ยอดคงเหลือ' };
    expect(glossaryProblems('th', [remaining]).join('\n')).toMatch(/the word for balance/);
    expect(glossaryProblems('th', [{ ...remaining, translation: 'ยอดที่ยังไม่ปล่อย' }])).toEqual([]);
  });

  it('refuses "network" for the chain, and accepts the chain ID as the network word', () => {
    expect(
      glossaryProblems('pt', [{ english: 'Pay on chain', translation: 'Pagar na rede' }]),
    ).toHaveLength(2);
    expect(
      glossaryProblems('pt', [{ english: 'Pay on chain', translation: 'Pagar na blockchain' }]),
    ).toEqual([]);
    const chainId: Entry = {
      english: 'Unsupported network. Please switch your wallet to {name} (chain ID {id}).',
      translation: 'Rede não suportada. Mude sua carteira para {name} (Chain ID {id}).',
    };
    expect(glossaryProblems('pt', [chainId])).toEqual([]);
  });

  it('reads placeholders as no words and keeps "JU Wallet" as a name', () => {
    const order: Entry = {
      english: 'Node purchase #{order}',
      translation: 'Compra de nó #{order}',
    };
    expect(glossaryProblems('pt', [order])).toEqual([]);
    const name: Entry = { english: 'Join me on JU Wallet', translation: 'Venha para o JU Wallet' };
    expect(glossaryProblems('pt', [name])).toEqual([]);
  });

  it('lets a listed exception through and nothing else', () => {
    const gesture: Entry = { english: 'Release to refresh', translation: '指を離して更新' };
    expect(glossaryProblems('ja', [gesture])).toEqual([]);
    const log: Entry = { english: 'Release log', translation: 'リリース履歴' };
    expect(glossaryProblems('ja', [log])).toHaveLength(2);
  });
});

describe('the Brazilian Portuguese rule', () => {
  it('names each European Portuguese form and what Brazil says instead', () => {
    const problems = portugalProblems([
      'Encontrámos {count} carteiras neste navegador.',
      'A aguardar envio',
      'Esta encomenda já não está a aguardar envio',
      'Partilhe o seu registo',
    ]);
    expect(problems.join('\n')).toMatch(/encontramos/);
    expect(problems.join('\n')).toMatch(/aguardando/);
    expect(problems.join('\n')).toMatch(/pedido/);
    expect(problems.join('\n')).toMatch(/compartilhar/);
    expect(problems.join('\n')).toMatch(/registro/);
  });

  it('passes Brazilian Portuguese', () => {
    expect(
      portugalProblems([
        'Encontramos {count} carteiras neste navegador.',
        'Aguardando envio',
        'Este pedido não está mais aguardando envio',
        'Compartilhe seu link de convite',
      ]),
    ).toEqual([]);
  });
});

describe('the Traditional Chinese rule', () => {
  it('refuses Simplified characters and names their Traditional forms', () => {
    const problems = simplifiedProblems(['此提现的手续费', '門票轉帳']);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/现 续/);
    expect(problems[0]).toMatch(/現 續/);
  });

  it('passes characters Taiwan writes too', () => {
    expect(simplifiedProblems(['台灣', '批准', '公里', '您的錢包'])).toEqual([]);
    expect(isSimplifiedOnly('链')).toBe(true);
    expect(isSimplifiedOnly('鏈')).toBe(false);
  });
});

describe('docs/glossary', () => {
  it('is the glossary the check enforces (node scripts/i18n/glossaryDoc.ts writes it)', async () => {
    for (const [path, text] of Object.entries(await glossaryFiles())) {
      expect(readFileSync(path, 'utf8'), path).toBe(text);
    }
  });
});
