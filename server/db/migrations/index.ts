// Every migration, in order. A static list rather than a folder scan, so the set that runs
// is exactly the set that was reviewed and type-checked. Append new ones; never edit old ones.
import type { Migration } from 'kysely/migration';
import * as usersSessionsLedger from './0001_users_sessions_ledger.ts';
import * as moneyIdempotencyHolds from './0002_money_idempotency_holds.ts';
import * as chainPayments from './0003_chain_payments.ts';
import * as cardService from './0004_card_service.ts';
import * as contentMall from './0005_content_mall.ts';
import * as cardNumberDigest from './0006_card_number_digest.ts';
import * as paymentsBelongToPayer from './0007_payments_belong_to_payer.ts';
import * as cardAgreementsPinAttempts from './0009_card_agreements_pin_attempts.ts';
import * as sessionDevices from './0010_session_devices.ts';
import * as realtime from './0011_realtime.ts';
import * as sharedLimitsJobRuns from './0012_shared_limits_job_runs.ts';
import * as teamFigures from './0013_team_figures.ts';
import * as envelope from './0014_envelope.ts';
import * as sessionUserAgent from './0015_session_user_agent.ts';
import * as addressCountry from './0016_address_country.ts';

export const migrations: Record<string, Migration> = {
  '0001_users_sessions_ledger': usersSessionsLedger,
  '0002_money_idempotency_holds': moneyIdempotencyHolds,
  '0003_chain_payments': chainPayments,
  '0004_card_service': cardService,
  '0005_content_mall': contentMall,
  '0006_card_number_digest': cardNumberDigest,
  '0007_payments_belong_to_payer': paymentsBelongToPayer,
  '0009_card_agreements_pin_attempts': cardAgreementsPinAttempts,
  '0010_session_devices': sessionDevices,
  '0011_realtime': realtime,
  '0012_shared_limits_job_runs': sharedLimitsJobRuns,
  '0013_team_figures': teamFigures,
  '0014_envelope': envelope,
  '0015_session_user_agent': sessionUserAgent,
  '0016_address_country': addressCountry,
};
