import { PASSWORD_EXTRA_WORDS, PASSWORD_TRANSLATIONS, passwordStrength, type PasswordStrength } from '@flagship/api-client';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...dictionary, extra: PASSWORD_EXTRA_WORDS },
  graphs: adjacencyGraphs,
  translations: PASSWORD_TRANSLATIONS,
});

/** zxcvbn looks at the first 100 characters at most; longer ones take as long to check as to type. */
const CHECKED_LENGTH = 100;

/** How hard `password` is to guess, given what an attacker knows of its owner (account, name, e-mail). */
export function checkPasswordStrength(password: string, userInputs: string[] = []): PasswordStrength {
  const inputs = userInputs.filter(Boolean).flatMap((input) => [input, ...input.split(/[@.\s]/).filter((part) => part.length >= 3)]);
  return passwordStrength(zxcvbn.check(password.slice(0, CHECKED_LENGTH), inputs));
}
