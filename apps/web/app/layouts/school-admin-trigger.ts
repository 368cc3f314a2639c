export const schoolAdminTriggerClass =
  'inline-flex min-h-11 items-center gap-1 rounded-md px-3 font-medium text-ink hover:bg-surface';
