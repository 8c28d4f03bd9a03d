/** The footer's id: the root layout holds the first paint until the parser reaches it. */
export const PAGE_END_ID = "pie";
