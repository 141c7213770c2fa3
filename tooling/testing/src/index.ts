export { findPostgresBin, postgresWanted, startPostgres, type ThrowawayPostgres } from './postgres';
