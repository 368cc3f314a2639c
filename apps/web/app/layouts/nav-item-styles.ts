/** The look of a navbar item, shared by the links, the buttons and the school admin trigger. */
export const navItemClass =
  'inline-flex min-h-11 items-center rounded-md px-3 font-medium text-ink hover:bg-surface';

/** The school admin trigger: the same item with room for its arrow. */
export const schoolAdminTriggerClass = `${navItemClass} gap-1`;
