/** The comms slice's wire schemas and texts without the calls (what the server imports). */
export * from './notification';
export * from './gmail';
export * from './campaigns';
export * from './chat';
