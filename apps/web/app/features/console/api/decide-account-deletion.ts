import { DeletionItemSchema } from '@portal/contracts/account-deletion';
import { CONSOLE_ROUTES, consolePath } from '@portal/contracts/console';
import { dataEnvelope } from '@portal/contracts/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '~/api/api-client';
import { ACCOUNT_DELETIONS_KEY } from './get-account-deletions';

const ResponseSchema = dataEnvelope(DeletionItemSchema);

export type DeletionDecision = { id: string; decision: 'uphold' | 'reject' };

/** Decides a reported deletion: the report upheld or rejected. */
export async function decideAccountDeletion({ id, decision }: DeletionDecision) {
  const { data } = await postJson(
    consolePath(CONSOLE_ROUTES.decideDeletion, id),
    { decision },
    ResponseSchema,
  );
  return data;
}

export const useDecideAccountDeletion = () => {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (decision: DeletionDecision) => decideAccountDeletion(decision),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ACCOUNT_DELETIONS_KEY }),
  });
};
