// Words and forms of European Portuguese that a Brazilian reader notices at once. The pt
// catalogue and the pt demo content are Brazilian Portuguese (docs/glossary/pt.md).

export interface PortugalMarker {
  pattern: RegExp;
  /** What Brazilian Portuguese says instead. */
  brazil: string;
}

export const PORTUGAL_MARKERS: readonly PortugalMarker[] = [
  // "está a carregar", "A aguardar envio": Portugal's continuous form.
  {
    pattern:
      /(^|[\s(])(a|está a|estão a|estamos a|fica a) (aguardar|verificar|carregar|processar|enviar|ligar|mudar|guardar|ser processad\w*)\b/i,
    brazil: 'the gerund (aguardando, verificando, carregando…)',
  },
  { pattern: /\bencontrámos\b/i, brazil: 'encontramos' },
  { pattern: /\butilizador(es|a|as)?\b/i, brazil: 'usuário' },
  { pattern: /\breceção\b/i, brazil: 'recebimento' },
  { pattern: /\bregistos?\b/i, brazil: 'registro' },
  { pattern: /\bpartilh\w*/i, brazil: 'compartilhar' },
  { pattern: /\bequipas?\b/i, brazil: 'equipe' },
  { pattern: /\bencomendas?\b/i, brazil: 'pedido' },
  { pattern: /\blevantamentos?\b/i, brazil: 'saque' },
  { pattern: /(?<!\p{L})ecrã(?!\p{L})/iu, brazil: 'tela' },
  { pattern: /\bligação\b/i, brazil: 'conexão' },
  { pattern: /\btelemóve(l|is)\b/i, brazil: 'celular' },
  { pattern: /\bcontactos?\b/i, brazil: 'contato' },
  { pattern: /\bficheiros?\b/i, brazil: 'arquivo' },
  { pattern: /\bnout(ro|ra|ros|ras)\b/i, brazil: 'em outro/em outra' },
  { pattern: /\bconnosco\b/i, brazil: 'conosco' },
  { pattern: /\bde momento\b/i, brazil: 'no momento' },
  { pattern: /\bpor (ler|enviar|pagar)\b/i, brazil: 'não lidos, aguardando envio' },
  { pattern: /\bdemasiad\w*/i, brazil: 'demais' },
  { pattern: /\bintroduz\w*/i, brazil: 'insira, digite' },
  { pattern: /\bregist(ar|e|ou)\b/i, brazil: 'cadastrar, registrar' },
  { pattern: /\bnúmero de seguimento\b/i, brazil: 'código de rastreio' },
  { pattern: /\baplicação\b/i, brazil: 'aplicativo, app' },
  { pattern: /\bligue\b|\bligar a\b|\bliga a\b/i, brazil: 'conectar' },
  { pattern: /\bmorada\b/i, brazil: 'endereço' },
  { pattern: /\bapelido\b/i, brazil: 'sobrenome' },
  { pattern: /\bprima\b|\bpremir\b|\bcarregue em\b/i, brazil: 'toque em' },
  { pattern: /\bdescarreg\w*/i, brazil: 'baixar' },
  { pattern: /\bactiv\w*|\bactualiz\w*/i, brazil: 'ativar, atualizar' },
  { pattern: /\bterminar (a |esta |todas as )?sess/i, brazil: 'encerrar a sessão' },
  {
    pattern: /\bsessão terminada|sessões foram terminadas|sessão iniciada|iniciou sessão\b/i,
    brazil: 'sessão encerrada, conectado',
  },
  { pattern: /\bsubstitui-o\b/i, brazil: 'o substitui' },
  { pattern: /\bjá não\b/i, brazil: 'não … mais' },
  { pattern: /\bacção|\bóptim/i, brazil: 'ação, ótimo' },
];
