#!/usr/bin/env node
// atrium-serve [port] — serves ./dist of the current app (a remote's production build).
import path from 'node:path';
import { serveStatic } from '../serve.mjs';

const port = Number(process.env.PORT ?? process.argv[2] ?? 3001);
const dir = path.resolve(process.argv[3] ?? 'dist');
await serveStatic({ dir, port, allowOrigin: process.env.ALLOW_ORIGIN ?? '*' });
console.log(`serving ${dir} on http://localhost:${port}`);
