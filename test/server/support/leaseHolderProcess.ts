// A server process that starts a run of the lease probe job and never finishes it, so a test
// can SIGKILL a process in the middle of a job (multiProcess.pg.test.ts). Started as
// `node test/server/support/leaseHolderProcess.ts` with DATABASE_URL and DATA_DIR; prints
// `holding` once its run holds the job.
import path from 'node:path';
import { startServer } from '../../../server/main.ts';
import { LEASE_PROBE_JOB, leaseProbeJob } from './leaseProbe.ts';

const dataDir = process.env.DATA_DIR!;
const server = await startServer({
  env: {},
  port: 0,
  host: '127.0.0.1',
  dataDir,
  databaseUrl: process.env.DATABASE_URL!,
  distDir: path.join(dataDir, 'no-dist'),
  operations: { maxEventLoopLagMs: 600_000 },
  jobs: [
    leaseProbeJob(async () => {
      process.stdout.write('holding\n');
      await new Promise(() => {});
    }),
  ],
});
void server.runJob(LEASE_PROBE_JOB);
