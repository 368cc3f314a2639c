import { ConsentResultSchema, type ConsentBody } from '@portal/contracts/sign-in';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { interactionPath } from './interaction-path';

/** The consent page's answer: allow what the platform asks for, or decline. */
export const answerConsent = (uid: string, body: ConsentBody) =>
  postJson(interactionPath('consent', uid), body, ConsentResultSchema, { outsideApi: true });

export const useAnswerConsent = (uid: string) =>
  useMutation({ mutationFn: (body: ConsentBody) => answerConsent(uid, body) });
