// @vitest-environment node
// No window, no document: what the server will render, effects never run.
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import ChartCanvas from "./ChartCanvas";

const page = { props: { locale: "pl" } };
vi.mock("@inertiajs/react", () => ({ usePage: () => page }));

function render(locale: string): string {
  page.props.locale = locale;
  return renderToString(
    <ChartCanvas
      title="Ukończone lekcje"
      type="bar"
      labels={["16 lis", "23 lis"]}
      series={[
        { label: "Kurs A", data: [12345, 0] },
        { label: "Kurs B", data: [5, 7] },
      ]}
      labelHeading="Tydzień od"
    />,
  );
}

describe("ChartCanvas on the server", () => {
  it("renders the named canvas, undrawn, and the table of every number", () => {
    const html = render("pl");
    expect(html).toContain(
      '<canvas role="img" aria-label="Ukończone lekcje" class="absolute inset-0"></canvas>',
    );
    // Its height is reserved without a style attribute (the CSP would drop it).
    expect(html).toMatch(/<svg aria-hidden="true" width="100%" height="\d+" class="block"><\/svg>/);
    expect(html).not.toContain("style=");
    expect(html).not.toContain("data-drawn");
    expect(html).toContain("<caption>Ukończone lekcje</caption>");
    expect(html).toContain('<th scope="col">Tydzień od</th>');
    expect(html).toContain('<th scope="col">Kurs A</th><th scope="col">Kurs B</th>');
    expect(html).toContain('<th scope="row">16 lis</th><td>12\u00a0345</td><td>5</td>');
    expect(html).toContain('<th scope="row">23 lis</th><td>0</td><td>7</td>');
  });

  it("writes the numbers the English way in English", () => {
    expect(render("en")).toContain("<td>12,345</td>");
  });
});
