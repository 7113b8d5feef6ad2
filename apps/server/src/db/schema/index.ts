export * from './advisor-assignments.js';
export * from './app-meta.js';
export * from './departments.js';
export * from './files.js';
export * from './organizations.js';
export * from './sessions.js';
export * from './teams.js';
export * from './users.js';
