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
    document.querySelectorAll("[data-geolocate]").forEach(function (b) { b.hidden = false; });
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

  // Destructive buttons ask first: htmx asks through hx-confirm on boosted forms, this covers
  // the rest (and without JavaScript the post simply happens).
  document.addEventListener("submit", function (e) {
    if (window.htmx) return;
    var text = e.target.getAttribute("data-confirm");
    if (text && !window.confirm(text)) e.preventDefault();
  }, true);
})();
