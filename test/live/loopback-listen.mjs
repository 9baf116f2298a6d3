// Preloaded (node --import) into an HTTP server the tests start from the npm registry: whatever
// address and port the server asks for, it listens on 127.0.0.1 and a port the system picks, and
// says which on stderr (`listening on 127.0.0.1:PORT`) for the test to read.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const callback = args.find((arg) => typeof arg === 'function');
  this.once('listening', () => {
    process.stderr.write(`listening on 127.0.0.1:${this.address().port}\n`);
  });
  return listen.call(this, { host: '127.0.0.1', port: 0 }, callback);
};
