package io.github.ycsbtiers.suite.report;

import java.nio.charset.StandardCharsets;

/** How index.html writes text and links: every text escaped, every link a relative path, percent-encoded. */
final class Html {
  private static final String UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";

  private Html() {
  }

  /** {@code s} as HTML text or attribute value: {@code & < > " '} escaped. */
  static String text(String s) {
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  /**
   * A path relative to the results directory as an {@code href} or {@code src}: each segment
   * percent-encoded (so {@code 7:1/x} cannot read as a scheme), {@code /} kept.
   */
  static String href(String relativePath) {
    StringBuilder b = new StringBuilder();
    for (byte x : relativePath.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (x & 0xff);
      if (c == '/' || UNRESERVED.indexOf(c) >= 0) {
        b.append(c);
      } else {
        b.append('%').append(String.format("%02X", x & 0xff));
      }
    }
    return b.toString();
  }

  /** A link to a file of the results directory, its text the path. */
  static String link(String relativePath) {
    return link(relativePath, relativePath);
  }

  static String link(String relativePath, String label) {
    return "<a href=\"" + href(relativePath) + "\">" + text(label) + "</a>";
  }

  /** A chart: its PNG, linking to the SVG beside it (sharp at any size), with a caption. */
  static String figure(String png, String caption) {
    String svg = png.endsWith(".png") ? png.substring(0, png.length() - 4) + ".svg" : png;
    return "<figure><a href=\"" + href(svg) + "\"><img src=\"" + href(png) + "\" alt=\"" + text(caption)
        + "\"></a><figcaption>" + text(caption) + "</figcaption></figure>";
  }
}
