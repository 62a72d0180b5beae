import { mountDevShell } from '@atrium/dev-shell';
import remoteModule from './module';

mountDevShell(remoteModule);
