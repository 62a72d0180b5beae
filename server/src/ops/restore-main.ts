// Entry point of dist/restore.js (pnpm restore): see cli.ts and docs/operations.md.
import { main, runRestore } from './cli';

main(runRestore);
