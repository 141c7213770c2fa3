// Passwords of 8+ characters that top the published leak lists (global and Chinese sites);
// refusing them stops the first round of any guessing attack.
const COMMON = `
password password1 password123 passw0rd p@ssw0rd p@ssword 12345678 123456789 1234567890 0123456789
11111111 00000000 88888888 66666666 12341234 87654321 11223344 12121212 123123123 112233445566
qwertyui qwertyuiop 1qaz2wsx 1q2w3e4r 1q2w3e4r5t qwe123456 qweasdzxc asdfghjkl zxcvbnm123 a1234567
a12345678 abc12345 abcd1234 abc123456 aa123456 aa12345678 iloveyou woaini1314 woaini520 5201314520
1314520520 admin123 admin1234 administrator welcome1 letmein1 sunshine princess football baseball
dragon12 monkey12 shadow12 superman michael1 computer internet trustno1 whatever starwars
test1234 testtest changeme default1 qazwsxedc zaq12wsx 123qweasd q1w2e3r4 abcdefgh abcdefg1
`.trim().split(/\s+/);

const set = new Set(COMMON);

export function isCommonPassword(password: string, account?: string): boolean {
  const lower = password.toLowerCase();
  if (set.has(lower)) return true;
  if (account && lower === account.toLowerCase()) return true;
  // One character repeated, or a plain run of digits.
  return /^(.)\1+$/.test(lower) || '01234567890123456789'.includes(lower) || '98765432109876543210'.includes(lower);
}
