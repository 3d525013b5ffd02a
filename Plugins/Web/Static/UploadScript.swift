/// `/static/upload.js`: the program import's form sends the chosen file's bytes as the request body, with the
/// session's token in `X-CSRF-Token` and the file's name in the query, so the hub reads a file without parsing
/// multipart bodies. A refusal's page (the form with the CLI's message) replaces the page's main part; an import
/// goes to the new program's page.
let uploadScript = #"""
    "use strict";
    document.addEventListener("submit", async (event) => {
      const form = event.target;
      if (!form.matches("form.program-import")) return;
      event.preventDefault();
      const file = form.querySelector("input[type=file]").files[0];
      const token = document.querySelector('meta[name="csrf-token"]').content;
      const name = file ? file.name : "";
      const response = await fetch(form.action + "?name=" + encodeURIComponent(name), {
        method: "POST",
        headers: { "X-CSRF-Token": token, "Content-Type": "application/octet-stream" },
        body: file ? await file.arrayBuffer() : new ArrayBuffer(0),
      });
      if (response.redirected) { window.location.assign(response.url); return; }
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const main = page.querySelector("main");
      if (main) document.querySelector("main").replaceChildren(...main.childNodes);
    });
    """#
