// Entry point of dist/backup.js (pnpm backup): see cli.ts and docs/operations.md.
import { main, runBackup } from './cli';

main(runBackup);
