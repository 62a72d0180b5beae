/** The merge-tag engine lives in @atrium/contracts (shared with the comms slice's email templates). */
export * from '@atrium/contracts/merge-tags';
