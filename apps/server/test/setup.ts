// Every file of the server suite hashes passwords at the test cost (db/password.ts): at
// production's, scrypt alone took half the suite's time. Servers the suite starts in a process of
// their own are given PASSWORD_HASH_TEST=1 for the same reason.
import { usePasswordCost } from '../src/db/password';

usePasswordCost('test');
