import { notify } from "../toast";

/**
 * Copies text to the clipboard and says so. The clipboard can refuse (an older browser, a page
 * without permission); the owner is then told to select the text instead.
 */
export async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify({ title: "Copied", description: `${what} copied to the clipboard.`, variant: "success" });
  } catch {
    notify({
      title: "Couldn't copy",
      description: `Your browser didn't allow it. Please select the ${what.toLowerCase()} and copy it yourself.`,
      variant: "destructive",
    });
  }
}

/** Saves text as a file the browser downloads (made in the page; nothing is sent anywhere). */
export function downloadText(fileName: string, text: string, type = "text/plain;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
