import { describe, expect, it } from "vitest";

import type { FieldRule } from "@/types/generated";

import { fieldError, formErrors, isStudentEmail, refusalMessage } from "./validation";

const password: FieldRule = {
  required: "Hasło jest wymagane",
  min_length: 6,
  min_length_message: "Minimalna długość to 6 znaków",
  max_length: 10,
  max_length_message: "Hasło jest za długie",
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
    expect(fieldError("1234567890", password)).toBeNull();
    expect(fieldError("12345678901", password)).toBe("Hasło jest za długie");
  });

  it("checks the pattern against the trimmed value", () => {
    expect(fieldError("Ola2", name)).toBe("Imię może zawierać tylko litery");
    expect(fieldError(" Ola ", name)).toBeNull();
  });

  it("checks a whole number and its range", () => {
    const size: FieldRule = {
      required: "Podaj liczbę kodów.",
      integer_message: "Liczba całkowita",
      min_value: 1,
      min_value_message: "Co najmniej 1",
      max_value: 10000,
      max_value_message: "Najwyżej 10 000",
    };
    expect(fieldError("", size)).toBe("Podaj liczbę kodów.");
    expect(fieldError("1.5", size)).toBe("Liczba całkowita");
    expect(fieldError("1e3", size)).toBe("Liczba całkowita");
    expect(fieldError("0", size)).toBe("Co najmniej 1");
    expect(fieldError("10001", size)).toBe("Najwyżej 10 000");
    expect(fieldError(" 10000 ", size)).toBeNull();
    expect(fieldError("+1", size)).toBeNull();
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

describe("refusalMessage", () => {
  it("gives the whole form's message first", () => {
    expect(refusalMessage({ form: "Zbyt wiele prób", email: "Błędny e-mail" })).toBe(
      "Zbyt wiele prób",
    );
  });

  it("gives the message of a field that stands for the form, else the fallback", () => {
    const options = { failureFields: ["idempotency_key"], fallback: "Nie udało się" };
    expect(refusalMessage({ idempotency_key: "Odśwież stronę" }, options)).toBe("Odśwież stronę");
    expect(refusalMessage({ size: "Podaj liczbę kodów." }, options)).toBe("Nie udało się");
  });

  it("leaves a refusal of fields alone to the fields", () => {
    expect(refusalMessage({ text: "Wpisz treść notatki." })).toBeNull();
    expect(refusalMessage({ form: 5 })).toBeNull();
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
