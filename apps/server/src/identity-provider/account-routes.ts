import { ACCOUNT_PATHS, type AccountRouteRegistrar } from './account-forms';
import { registerPasswordResetRoutes } from './password-reset.routes';
import { registerSignUpRoutes } from './sign-up.routes';

export { ACCOUNT_PATHS };

/** Forgot password, reset password and sign-up: server-rendered forms beside the sign-in page. */
export const registerAccountRoutes: AccountRouteRegistrar = (scope, opts) => {
  registerPasswordResetRoutes(scope, opts);
  registerSignUpRoutes(scope, opts);
};
