export { ImportContactsModal, type ImportContactsModalProps } from './import-contacts-modal';
