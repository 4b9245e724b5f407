// A card's records as CSV (RFC 4180): one row per consumption or recharge, for the user's
// own bookkeeping. Cells a spreadsheet would run as a formula are quoted with a leading '.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RechargeRecord } from '../../../../contract/api/card/recharges.ts';
import type { ConsumeRecord } from '../../../../contract/api/card/records.ts';

export interface CsvHeadings {
  kind: string;
  time: string;
  amount: string;
  fee: string;
  total: string;
  coin: string;
  status: string;
  merchant: string;
  consumption: string;
  recharge: string;
}

const headingMessages: Record<keyof CsvHeadings, MessageDescriptor> = {
  kind: msg`Kind`,
  time: msg`Time`,
  amount: msg`Amount`,
  fee: msg`Fee`,
  total: msg`Total`,
  coin: msg`Coin`,
  status: msg`Status`,
  merchant: msg`Merchant`,
  consumption: msg`Consumption`,
  recharge: msg`Recharge`,
};

/** The column and row names in the reader's language. */
export function csvHeadings(translate: (message: MessageDescriptor) => string): CsvHeadings {
  const entries = Object.entries(headingMessages).map(([key, message]) => [
    key,
    translate(message),
  ]);
  return Object.fromEntries(entries) as CsvHeadings;
}

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function recordsCsv(
  consumption: ConsumeRecord[],
  recharges: RechargeRecord[],
  headings: CsvHeadings,
  statusLabel: (status: string) => string,
): string {
  const rows: string[][] = [
    [
      headings.kind,
      headings.time,
      headings.amount,
      headings.fee,
      headings.total,
      headings.coin,
      headings.status,
      headings.merchant,
    ],
  ];
  for (const row of consumption) {
    rows.push([
      headings.consumption,
      row.created_at,
      row.amount,
      '0',
      row.amount,
      row.coin,
      statusLabel(row.status),
      row.merchant,
    ]);
  }
  for (const row of recharges) {
    rows.push([
      headings.recharge,
      row.created_at,
      row.amount,
      row.fee,
      row.total,
      row.coin,
      statusLabel(row.status),
      '',
    ]);
  }
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Hands the text to the browser as a download; nothing is kept. */
export function downloadText(text: string, fileName: string, type = 'text/csv'): void {
  // A byte order mark so spreadsheet programs read UTF-8 names correctly.
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
