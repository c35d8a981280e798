/** Which persistent layouts a page stands in, decided by its name (see main.tsx). */

// The learner home shows the learner menu as tiles of its own, and the author area is not
// part of the learner's menu: neither gets the menu bar.
const LEARNING_WITHOUT_MENU = new Set(["Learning/Home", "Learning/Author"]);
// Pages of other areas that belong to the learner's menu.
const LEARNER_PAGES_ELSEWHERE = new Set(["Teams/Student"]);

/** Whether the page stands in the learner layout (the learner menu) inside the app layout. */
export function inLearnerLayout(name: string): boolean {
  if (LEARNER_PAGES_ELSEWHERE.has(name)) return true;
  return name.startsWith("Learning/") && !LEARNING_WITHOUT_MENU.has(name);
}

/** The catalogues the page's layouts show texts of, beyond the page's own. */
export function layoutCatalogues(name: string): string[] {
  return inLearnerLayout(name) ? ["learning"] : [];
}
