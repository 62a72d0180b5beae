// Ambient declarations shared by every app (STACK-NOTES item 7).
declare module '*.css';
