package io.github.ycsbtiers.testing;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * One command to a plain-TCP redis-server from this JVM, with the exit status and output
 * {@code redis-cli -e} would give with its output not on a terminal (raw mode): a string or number
 * as it is, an array's elements joined by line breaks (nested arrays flattened), nil as nothing,
 * then a line break (not after INFO, CLUSTER NODES and the few others redis-cli prints as they
 * are); an error reply on stderr with status 1, as a refused connection. The harness
 * polls servers every few milliseconds while a run gets under way, and a redis-cli process costs
 * about 17 ms of CPU each time; this costs a connection. {@link RespCallIT} holds it to
 * redis-cli's own output.
 */
final class RespCall {
  private RespCall() {
  }

  /** {@code args} on a fresh connection to {@code host:port}, after {@code AUTH password} unless it is null. */
  static CliResult run(String host, int port, String password, Duration timeout, List<String> args) {
    int millis = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), millis);
      socket.setSoTimeout(millis);
      socket.setTcpNoDelay(true);
      OutputStream out = socket.getOutputStream();
      InputStream in = new BufferedInputStream(socket.getInputStream());
      if (password != null) {
        send(out, List.of("AUTH", password));
        Object auth = read(in);
        if (auth instanceof ErrorReply e) {
          return failed("AUTH failed: " + e.message());
        }
      }
      send(out, args);
      Object reply;
      try {
        reply = read(in);
      } catch (EOFException closed) {
        if (args.get(0).equalsIgnoreCase("SHUTDOWN")) {
          return new CliResult(0, "", ""); // the server went away without a reply, as it should
        }
        throw closed;
      }
      if (reply instanceof ErrorReply e) {
        return failed(e.message());
      }
      StringBuilder text = new StringBuilder();
      render(reply, text);
      if (!printedAsIs(args)) {
        text.append('\n');
      }
      return new CliResult(0, text.toString(), "");
    } catch (IOException e) {
      return failed("Could not connect to Redis at " + host + ":" + port + ": " + e.getMessage());
    }
  }

  /** The commands whose reply redis-cli prints without its closing line break (their text ends with one). */
  private static boolean printedAsIs(List<String> args) {
    String command = args.get(0).toLowerCase(Locale.ROOT);
    String sub = args.size() > 1 ? args.get(1).toLowerCase(Locale.ROOT) : "";
    return switch (command) {
      case "info", "lolwut" -> true;
      case "cluster" -> args.size() == 2 && (sub.equals("nodes") || sub.equals("info"));
      case "client" -> sub.equals("list") || sub.equals("info");
      case "memory" -> sub.equals("doctor") || sub.equals("malloc-stats");
      case "latency" -> args.size() == 2 && sub.equals("doctor") || args.size() == 3 && sub.equals("graph");
      default -> false;
    };
  }

  private static CliResult failed(String message) {
    return new CliResult(1, "", message + "\n");
  }

  private static void send(OutputStream out, List<String> args) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes(("*" + args.size() + "\r\n").getBytes(StandardCharsets.US_ASCII));
    for (String arg : args) {
      byte[] bytes = arg.getBytes(StandardCharsets.UTF_8);
      b.writeBytes(("$" + bytes.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
      b.writeBytes(bytes);
      b.writeBytes(new byte[] {'\r', '\n'});
    }
    out.write(b.toByteArray());
    out.flush();
  }

  /** An error reply's text, e.g. {@code ERR unknown command}. */
  private record ErrorReply(String message) {
  }

  /** A RESP2 reply: String (simple or bulk), Long, null (nil), List of replies, or {@link ErrorReply}. */
  private static Object read(InputStream in) throws IOException {
    int type = in.read();
    if (type < 0) {
      throw new EOFException("the server closed the connection");
    }
    String line = line(in);
    return switch (type) {
      case '+' -> line;
      case '-' -> new ErrorReply(line);
      case ':' -> Long.parseLong(line);
      case '$' -> bulk(in, Integer.parseInt(line));
      case '*' -> array(in, Integer.parseInt(line));
      default -> throw new IOException("not a RESP2 reply: '" + (char) type + line + "'");
    };
  }

  private static String bulk(InputStream in, int length) throws IOException {
    if (length < 0) {
      return null;
    }
    byte[] bytes = in.readNBytes(length + 2);
    if (bytes.length < length + 2) {
      throw new EOFException("the server closed the connection in a reply");
    }
    return new String(bytes, 0, length, StandardCharsets.UTF_8);
  }

  private static List<Object> array(InputStream in, int count) throws IOException {
    if (count < 0) {
      return null;
    }
    Object[] items = new Object[count];
    for (int i = 0; i < count; i++) {
      items[i] = read(in);
    }
    return Arrays.asList(items);
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) != '\r') {
      if (c < 0) {
        throw new EOFException("the server closed the connection in a reply");
      }
      b.write(c);
    }
    if (in.read() != '\n') {
      throw new IOException("a reply line without its line feed");
    }
    return b.toString(StandardCharsets.UTF_8);
  }

  private static void render(Object reply, StringBuilder text) {
    if (reply instanceof List<?> items) {
      for (int i = 0; i < items.size(); i++) {
        if (i > 0) {
          text.append('\n');
        }
        render(items.get(i), text);
      }
    } else if (reply instanceof ErrorReply e) {
      text.append(e.message()); // an error inside an array (EXEC), as redis-cli prints it raw
    } else if (reply != null) {
      text.append(reply);
    }
  }
}
