import { describe, expect, it } from "vitest";

import { inLearnerLayout, layoutCatalogues } from "./layouts";

describe("inLearnerLayout", () => {
  it.each([
    ["Learning/MyCourses", true],
    ["Learning/Course", true],
    ["Learning/Notes", true],
    ["Learning/Profile", true],
    ["Teams/Student", true],
    ["Learning/Home", false],
    ["Learning/Author", false],
    ["Teams/Manager", false],
    ["Accounts/Login", false],
    ["Errors/Error", false],
    ["LearningX/Page", false],
  ])("%s → %s", (name, expected) => {
    expect(inLearnerLayout(name)).toBe(expected);
  });
});

describe("layoutCatalogues", () => {
  it("loads the learning texts of the learner menu with every page in it", () => {
    expect(layoutCatalogues("Teams/Student")).toEqual(["learning"]);
    expect(layoutCatalogues("Learning/Exams")).toEqual(["learning"]);
    expect(layoutCatalogues("Vouchers/Redeem")).toEqual([]);
  });
});
