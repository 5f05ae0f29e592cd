/** Spec §5 login popup: username and password required, 4–20 characters. */
export const LOGIN_MIN = 4;
export const LOGIN_MAX = 20;

export type LoginProblem = { field: 'userName' | 'password'; key: 'isRequiredArea' | 'minLengthMaxLength' };

export function loginProblems(userName: string, password: string): LoginProblem[] {
  const problems: LoginProblem[] = [];
  for (const [field, value] of [
    ['userName', userName.trim()],
    ['password', password],
  ] as const) {
    if (value.length === 0) problems.push({ field, key: 'isRequiredArea' });
    else if (value.length < LOGIN_MIN || value.length > LOGIN_MAX) problems.push({ field, key: 'minLengthMaxLength' });
  }
  return problems;
}
