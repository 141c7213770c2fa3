export { findPostgresBin, postgresWanted, startPostgres, type ThrowawayPostgres } from './postgres';
export { startS3Server, type ThrowawayS3 } from './s3';
export { fillTemplate, freePort, startInstance, startNginx, type Instance, type Nginx } from './instances';
