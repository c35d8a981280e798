import { describe, expect, it } from "vitest";

import type { FieldRule } from "@/types/generated";

import { fieldError, formErrors, isStudentEmail } from "./validation";

const password: FieldRule = {
  required: "Hasło jest wymagane",
  min_length: 6,
  min_length_message: "Minimalna długość to 6 znaków",
  max_length: 10,
};
const name: FieldRule = {
  required: "Imię jest wymagane",
  pattern: "^[A-Za-z -]+$",
  pattern_message: "Imię może zawierać tylko litery",
};

describe("fieldError", () => {
  it("reports a missing value, also when it is only spaces", () => {
    expect(fieldError("", password)).toBe("Hasło jest wymagane");
    expect(fieldError("   ", name)).toBe("Imię jest wymagane");
  });

  it("checks the minimum and maximum length", () => {
    expect(fieldError("12345", password)).toBe("Minimalna długość to 6 znaków");
    expect(fieldError("123456", password)).toBeNull();
    expect(fieldError("12345678901", password)).toBe("Minimalna długość to 6 znaków");
  });

  it("checks the pattern against the trimmed value", () => {
    expect(fieldError("Ola2", name)).toBe("Imię może zawierać tylko litery");
    expect(fieldError(" Ola ", name)).toBeNull();
  });

  it("accepts anything for a field without a rule, and empty optional fields", () => {
    expect(fieldError("", undefined)).toBeNull();
    expect(fieldError("", { pattern: "^a$", pattern_message: "x" })).toBeNull();
  });
});

describe("formErrors", () => {
  it("collects the message of each invalid field only", () => {
    expect(
      formErrors({ first_name: "", password: "123456" }, { first_name: name, password }),
    ).toEqual({
      first_name: "Imię jest wymagane",
    });
  });
});

describe("isStudentEmail", () => {
  const pattern =
    "@(?:[^@]+\\.)?(?:stud|student|students|studenci)\\.[^@]+$|@[^@]+\\.(?:edu|ac)(?:\\.[a-z]{2})?$";

  it.each([
    "jan@student.uw.edu.pl",
    "JAN@Stud.PRZ.edu.pl",
    "a@pwr.edu.pl",
    "a@mit.edu",
    "a@ox.ac.uk",
  ])("warns for %s", (email) => expect(isStudentEmail(email, pattern)).toBe(true));

  it.each(["jan@gmail.com", "studentka@wp.pl", "a@education.com", "a@edu.example.com"])(
    "does not warn for %s",
    (email) => expect(isStudentEmail(email, pattern)).toBe(false),
  );
});
