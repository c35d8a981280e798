import { describe, expect, it } from "vitest";

import {
  formatDate,
  formatDateTime,
  formatDay,
  formatMoney,
  formatNumber,
  percent,
} from "./format";

const spaces = (text: string) => text.replace(/\s/g, " ");

describe("percent", () => {
  it("rounds to whole percent and guards the edges", () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(0, 0)).toBe(0);
    expect(percent(5, 4)).toBe(100);
  });
});

describe("formatDate", () => {
  it("writes a calendar day in Polish and English without shifting it", () => {
    expect(formatDate("2026-11-22", "pl")).toBe("22 listopada 2026");
    expect(formatDate("2026-11-22", "en")).toBe("22 November 2026");
  });

  it("writes a moment as the Polish calendar day", () => {
    expect(formatDate("2026-11-22T23:30:00Z", "pl")).toBe("23 listopada 2026");
    expect(formatDateTime("2026-11-22T08:05:00Z", "pl")).toBe("22 lis 2026, 09:05");
  });

  it("falls back to the input when it is not a date", () => {
    expect(formatDate("nie-data", "pl")).toBe("nie-data");
  });
});

describe("numbers and money", () => {
  it("groups thousands the Polish way", () => {
    expect(spaces(formatNumber(10000, "pl"))).toBe("10 000");
  });

  it("writes money in złoty", () => {
    expect(spaces(formatMoney(1234.5, "pl"))).toBe("1234,50 zł");
    expect(spaces(formatMoney(1234.5, "en"))).toBe("PLN 1,234.50");
  });
});

describe("formatDay", () => {
  it("writes a calendar day with the month's short name in the page's language", () => {
    expect(formatDay("2026-11-16", "pl")).toBe("16 lis");
    expect(formatDay("2026-11-16", "en")).toBe("16 Nov");
    expect(formatDay("not a date", "pl")).toBe("not a date");
  });
});
