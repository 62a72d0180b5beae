import { mountDevShell } from '@atrium/dev-shell';
import module from './module';

mountDevShell(module);
