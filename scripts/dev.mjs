// `npm run dev`: the web app rebuilt on every change (vite build --watch) and the server restarted on
// every change (tsx watch), on http://127.0.0.1:8070/app/ like `npm start`.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const children = [
  spawn(process.execPath, [resolve('node_modules/vite/bin/vite.js'), 'build', '--watch', '--mode', 'development'], {
    cwd: 'apps/web',
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } }));
