// The floor the realtime fan-out is measured against (scripts/bench/realtime.ts): a bare `ws`
// server in its own process that answers a SUBSCRIBE like the hub and, on POST /publish,
// sends one notice-shaped event to every socket. No tickets, no database, no outbox: what any
// fan-out over `ws` costs on this machine. Prints `{"url": …}` once listening.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const server = createServer();
const sockets = new WebSocketServer({ server, path: '/ws' });
let offset = 0;

sockets.on('connection', (socket) => {
  socket.on('message', (raw) => {
    const request = JSON.parse(String(raw)) as { id?: number };
    if (request.id !== undefined) socket.send(JSON.stringify({ id: request.id, result: null }));
  });
});

server.on('request', (request, response) => {
  if (request.method !== 'POST' || request.url !== '/publish') {
    response.writeHead(404).end();
    return;
  }
  offset++;
  const event = JSON.stringify({
    stream: 'user@notice',
    data: { kind: 'notice_published', changes: ['notices'] },
    offset,
  });
  for (const socket of sockets.clients) socket.send(event);
  response.writeHead(200).end();
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
});
