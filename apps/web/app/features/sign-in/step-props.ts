import type { SignInStep } from '@portal/contracts/sign-in';

/** What the interaction page gives each step: the interaction, and how to leave the step. */
export type StepProps = {
  uid: string;
  onStep: (step: SignInStep) => void;
  onExpired: () => void;
};
