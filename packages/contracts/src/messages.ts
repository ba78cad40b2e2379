// The exact texts of SPEC section 8 and the standard screens of section 2. Both apps import these.
export const LoginMessages = {
  noAccount: 'Oops! No account found for this email.',
  invalidCredentials: 'Oops! please enter valid credentials',
  timedOut: 'Request timed out please try again later',
  somethingWrong: 'Oops! Something went wrong',
  invalidOtp: 'Oops! Invalid OTP.',
  emailMissing: 'Bad request. User email is missing',
  captchaUnresolved: 'Please resolve the captcha and submit!',
} as const;

export const ScreenTexts = {
  loading: 'Please Wait While Page Loads....',
  errorTitle: 'Oops! Something went wrong',
  errorBody: 'We couldn’t find the page you were looking for. Please refresh your browser',
} as const;
