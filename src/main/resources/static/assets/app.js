// Progressive enhancement only: every page works without this file.
(function () {
  "use strict";
  // Requests htmx makes carry the CSRF token as a header (forms also carry it as a field). The
  // token is read from the page's body at request time: boosted navigation swaps only the body,
  // and signing in changes the token.
  document.addEventListener("htmx:configRequest", function (e) {
    var csrf = document.getElementById("csrf");
    if (csrf) e.detail.headers[csrf.dataset.header] = csrf.dataset.token;
  });

  // Controls that need JavaScript stay hidden without it.
  function reveal() {
    document.querySelectorAll("[data-geolocate], [data-nearby]").forEach(function (b) { b.hidden = false; });
    // with scripts on, choosing a file uploads it at once: the plain Upload button is not needed
    document.querySelectorAll("[data-noscript]").forEach(function (b) { b.hidden = true; });
  }
  document.addEventListener("DOMContentLoaded", reveal);
  document.addEventListener("htmx:afterSettle", reveal);

  // "Use my location": fills the latitude and longitude fields of the button's form.
  document.addEventListener("click", function (e) {
    var button = e.target.closest("[data-geolocate]");
    if (!button) return;
    e.preventDefault();
    var form = button.form, status = form.querySelector("[data-geolocate-status]");
    function say(text) { if (status) status.textContent = text; }
    if (!navigator.geolocation) { say("This browser cannot share its location."); return; }
    say("Finding your location…");
    navigator.geolocation.getCurrentPosition(function (pos) {
      form.elements.latitude.value = pos.coords.latitude.toFixed(6);
      form.elements.longitude.value = pos.coords.longitude.toFixed(6);
      say("Location filled in (accurate to about " + Math.round(pos.coords.accuracy) + " m).");
    }, function (err) {
      say(err.code === 1 ? "Location permission was refused." : "Your location could not be found.");
    }, { enableHighAccuracy: true, timeout: 10000 });
  });

  // Uploads: a chosen (or dropped) file is sent at once; the form's progress bar shows how far it got.
  document.addEventListener("change", function (e) {
    var input = e.target;
    if (input.matches && input.matches("[data-autosubmit]") && input.files.length && input.form) input.form.requestSubmit();
  });
  document.addEventListener("dragover", function (e) {
    var zone = e.target.closest && e.target.closest("[data-dropzone]");
    if (zone) { e.preventDefault(); zone.classList.add("dragging"); }
  });
  document.addEventListener("dragleave", function (e) {
    var zone = e.target.closest && e.target.closest("[data-dropzone]");
    if (zone) zone.classList.remove("dragging");
  });
  document.addEventListener("drop", function (e) {
    var zone = e.target.closest && e.target.closest("[data-dropzone]");
    if (!zone) return;
    e.preventDefault();
    zone.classList.remove("dragging");
    var input = zone.querySelector("input[type=file]");
    if (!input || !e.dataTransfer.files.length) return;
    input.files = e.dataTransfer.files;
    if (input.form) input.form.requestSubmit();
  });
  function progressFor(form) {
    var bar = form.querySelector("progress");
    if (bar || !form.id) return bar;
    var control = document.querySelector("input[type=file][form='" + form.id + "']");
    var zone = control && control.closest("[data-dropzone]");
    return zone && zone.querySelector("progress");
  }
  document.addEventListener("htmx:xhr:progress", function (e) {
    var form = e.target.closest ? e.target.closest("form") : null;
    var bar = form && progressFor(form);
    if (!bar || !e.detail.lengthComputable) return;
    bar.hidden = false;
    bar.value = Math.round(100 * e.detail.loaded / e.detail.total);
  });

  // "Sellers near me": asks the browser where it is, then lists the person's sellers around there.
  document.addEventListener("click", function (e) {
    var button = e.target.closest("[data-nearby]");
    if (!button || !window.htmx) return;
    e.preventDefault();
    var status = button.parentNode.querySelector("[data-nearby-status]");
    function say(text) { if (status) status.textContent = text; }
    if (!navigator.geolocation) { say("This browser cannot share its location."); return; }
    say("Finding your location…");
    navigator.geolocation.getCurrentPosition(function (pos) {
      say("");
      htmx.ajax("GET", button.dataset.nearby + "?lat=" + pos.coords.latitude.toFixed(6) + "&lon=" + pos.coords.longitude.toFixed(6),
        { target: "#nearby", swap: "innerHTML" });
    }, function (err) {
      say(err.code === 1 ? "Location permission was refused." : "Your location could not be found.");
    }, { enableHighAccuracy: true, timeout: 10000 });
  });

  // Destructive buttons ask first: htmx asks through hx-confirm on boosted forms, this covers
  // the rest (and without JavaScript the post simply happens).
  document.addEventListener("submit", function (e) {
    if (window.htmx) return;
    var text = e.target.getAttribute("data-confirm");
    if (text && !window.confirm(text)) e.preventDefault();
  }, true);
})();
