// A small HTTP load generator, run as its own process so it does not share the server's event loop:
// `node load.mjs URL TOKEN CONNECTIONS SECONDS` prints {"requests","errors","rps"} as JSON.
import http from 'node:http';

const [url, token, connectionsArg = '10', secondsArg = '5'] = process.argv.slice(2);
const connections = Number(connectionsArg);
const seconds = Number(secondsArg);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const headers = { authorization: `Bearer ${token}` };
const endAt = Date.now() + seconds * 1000;
let requests = 0;
let errors = 0;

function once() {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers }, (response) => {
      if (response.statusCode !== 200) errors += 1;
      response.resume();
      response.on('end', () => {
        requests += 1;
        resolve();
      });
    });
    request.on('error', () => {
      errors += 1;
      resolve();
    });
  });
}

async function connection() {
  while (Date.now() < endAt) await once();
}

await Promise.all(Array.from({ length: connections }, connection));
agent.destroy();
console.log(JSON.stringify({ requests, errors, rps: requests / seconds }));
