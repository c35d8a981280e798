import { afterEach, describe, expect, it } from "vitest";

import { focusKeeper } from "./focus";

function page(html: string) {
  document.body.innerHTML = html;
}

function byId(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} missing`);
  return found;
}

const LIST = `
  <main id="main">
    <h1 id="title">Zespół</h1>
    <section aria-labelledby="invitations">
      <h2 id="invitations">Zaproszenia (2)</h2>
      <ul><li id="row"><button id="revoke">Wycofaj</button></li><li><button id="other">Wycofaj</button></li></ul>
    </section>
  </main>`;

afterEach(() => {
  document.body.innerHTML = "";
});

describe("focusKeeper", () => {
  it("moves the focus to the heading of the section whose row left the page", () => {
    page(LIST);
    byId("revoke").focus();
    const keep = focusKeeper(document.activeElement);
    byId("row").remove();
    expect(document.activeElement).toBe(document.body);

    keep();

    expect(document.activeElement).toBe(byId("invitations"));
    // Reachable by the script, not added to the Tab order.
    expect(byId("invitations").getAttribute("tabindex")).toBe("-1");
  });

  it("takes the first heading of a section labelled by several", () => {
    page(LIST.replace('aria-labelledby="invitations"', 'aria-labelledby=" invitations title"'));
    byId("revoke").focus();
    const keep = focusKeeper(document.activeElement);
    byId("row").remove();

    keep();

    expect(document.activeElement).toBe(byId("invitations"));
  });

  it("leaves the focus on the button when the button is still on the page", () => {
    page(LIST);
    byId("revoke").focus();
    const keep = focusKeeper(document.activeElement);

    keep();

    expect(document.activeElement).toBe(byId("revoke"));
    expect(byId("invitations").hasAttribute("tabindex")).toBe(false);
  });

  it("leaves the focus where the user moved it meanwhile", () => {
    page(LIST);
    byId("revoke").focus();
    const keep = focusKeeper(document.activeElement);
    byId("other").focus();
    byId("row").remove();

    keep();

    expect(document.activeElement).toBe(byId("other"));
  });

  it("falls back to the page's main heading when the section went too", () => {
    page(LIST);
    byId("revoke").focus();
    const keep = focusKeeper(document.activeElement);
    document.querySelector("section")?.remove();

    keep();

    expect(document.activeElement).toBe(byId("title"));
  });

  it("falls back to the main heading for a button outside any labelled section", () => {
    page(
      `<main id="main"><h1 id="title">Ulubione</h1><div id="row"><button id="remove">Usuń</button></div></main>`,
    );
    byId("remove").focus();
    const keep = focusKeeper(document.activeElement);
    byId("row").remove();

    keep();

    expect(document.activeElement).toBe(byId("title"));
  });
});
