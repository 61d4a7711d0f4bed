// The rules page in the look the person chose on the table site (kept in the browser), its cards' pictures to match.

const contrast = localStorage.getItem("chinese-ten:contrast") === "1";
const fourColour = localStorage.getItem("chinese-ten:four-colour") === "1";
document.documentElement.dataset.look = contrast ? "high-contrast" : "normal";
const style = [contrast ? "high-contrast" : "", fourColour ? "four-colour" : ""].filter(Boolean).join("-") || "classic";
for (const card of document.querySelectorAll("img[data-card]")) {
  card.src = card.src.replace("/cards/classic/", `/cards/${style}/`);
}
