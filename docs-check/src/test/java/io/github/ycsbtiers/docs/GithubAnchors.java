package io.github.ycsbtiers.docs;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The anchors GitHub gives a Markdown file's headings: the heading's text as rendered (inline code
 * and links reduced to their text), lower-cased, every character but letters, digits, spaces,
 * hyphens and underscores dropped, each space a hyphen; a heading whose anchor is taken already gets
 * {@code -1}, {@code -2}, ... in document order.
 */
final class GithubAnchors {
  private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)\\]\\([^)]*\\)");
  private static final Pattern TAG = Pattern.compile("<[^>]+>");

  private GithubAnchors() {
  }

  /** The anchor of one heading's text, before duplicates are numbered. */
  static String slug(String heading) {
    String text = LINK.matcher(heading).replaceAll("$1");
    text = TAG.matcher(text).replaceAll("").replace("`", "");
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); ) {
      int c = text.codePointAt(i);
      i += Character.charCount(c);
      if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
        out.appendCodePoint(c);
      } else if (c == ' ') {
        out.append('-');
      }
    }
    return out.toString().toLowerCase(Locale.ROOT);
  }

  /** The anchors of a file's headings, in order, duplicates numbered as GitHub numbers them. */
  static Set<String> of(List<String> headings) {
    Map<String, Integer> seen = new HashMap<>();
    Set<String> anchors = new LinkedHashSet<>();
    for (String h : headings) {
      String base = slug(h);
      Integer n = seen.get(base);
      anchors.add(n == null ? base : base + "-" + n);
      seen.put(base, n == null ? 1 : n + 1);
    }
    return anchors;
  }
}
