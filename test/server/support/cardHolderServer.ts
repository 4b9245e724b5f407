// The common start of the holder, address and photo tests (cardHolders, cardAddresses,
// cardUploads): a server that keeps its log lines at trace level, and where it stores photos.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { startTestServer, type TestServer } from '../harness.ts';

export async function startCardHolderServer(logLines: string[]): Promise<TestServer> {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  return startTestServer({
    inviteRequired: false,
    logger: { level: 'trace', stream: logStream },
  });
}

/** The stored photo files of a server, by their storage names. */
export function storedFilesOf(server: TestServer): string[] {
  const filesDir = path.join(server.dataDir, 'card-files');
  return existsSync(filesDir) ? readdirSync(filesDir) : [];
}
