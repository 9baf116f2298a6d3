// Preloaded into CLI runs by test/reliability/no-network.test.ts: any attempt to open a socket,
// resolve a name or fetch is recorded in $MCPDESC_NETWORK_LOG and refused.

import dns from 'node:dns';
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';

const log = process.env.MCPDESC_NETWORK_LOG;
function refuse(what) {
  return (...args) => {
    if (log) appendFileSync(log, `${what} ${JSON.stringify(args[0] ?? null)}\n`);
    throw new Error(`network access refused in tests: ${what}`);
  };
}
net.Socket.prototype.connect = refuse('net.Socket.connect');
net.connect = refuse('net.connect');
net.createConnection = refuse('net.createConnection');
tls.connect = refuse('tls.connect');
dns.lookup = refuse('dns.lookup');
dns.promises.lookup = refuse('dns.promises.lookup');
http.request = refuse('http.request');
http.get = refuse('http.get');
https.request = refuse('https.request');
https.get = refuse('https.get');
globalThis.fetch = refuse('fetch');
