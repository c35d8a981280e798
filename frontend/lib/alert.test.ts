import { describe, expect, it } from "vitest";

import { parseAlert } from "./alert";

const full = {
  text_desktop: "Przerwa techniczna w sobotę",
  text_mobile: "Przerwa w sobotę",
  button_label: "Szczegóły",
  button_url: "/p/regulamin",
  is_close_button: true,
  background_color: "#b91c1c",
  text_color: "#ffffff",
};

describe("parseAlert", () => {
  it("takes a complete alert as it is", () => {
    expect(parseAlert(full)).toEqual(full);
  });

  it.each([[[]], [null], [undefined], ["text"], [42], [{}], [{ text_desktop: "   " }]])(
    "shows nothing for %j",
    (data) => expect(parseAlert(data)).toBeNull(),
  );

  it("fills what is missing with safe defaults", () => {
    expect(parseAlert({ text_desktop: "Tylko tekst" })).toEqual({
      text_desktop: "Tylko tekst",
      text_mobile: "Tylko tekst",
      button_label: "",
      button_url: "",
      is_close_button: false,
      background_color: "#1d4ed8",
      text_color: "#ffffff",
    });
  });

  it("drops hostile links and colours", () => {
    const alert = parseAlert({
      ...full,
      button_url: "javascript:alert(1)",
      background_color: "red;position:fixed",
      text_color: "url(x)",
    });
    expect(alert?.button_url).toBe("");
    expect(alert?.button_label).toBe("");
    expect(alert?.background_color).toBe("#1d4ed8");
    expect(alert?.text_color).toBe("#ffffff");
    expect(parseAlert({ ...full, button_url: "//evil.example" })?.button_url).toBe("");
  });

  it("keeps markup in the text as text", () => {
    expect(parseAlert({ text_desktop: "<img src=x onerror=alert(1)>" })?.text_desktop).toBe(
      "<img src=x onerror=alert(1)>",
    );
  });
});
