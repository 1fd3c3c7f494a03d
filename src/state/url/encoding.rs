//! Query-string encoding: `%XX` escapes of UTF-8 bytes, and `+` for a space when reading.

/// Decodes `%XX` escapes and `+` in a query-string component. Bad escapes are kept as
/// typed; invalid UTF-8 becomes U+FFFD.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes
                    .get(i + 1..i + 3)
                    .filter(|h| h.iter().all(u8::is_ascii_hexdigit))
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(byte) => {
                        out.push(byte);
                        i += 3;
                        continue;
                    }
                    None => out.push(b'%'),
                }
            }
            byte => out.push(byte),
        }
        i += 1;
    }
    // Valid UTF-8 (nearly always) becomes the string without a copy.
    String::from_utf8(out)
        .unwrap_or_else(|bad| String::from_utf8_lossy(bad.as_bytes()).into_owned())
}

/// Encodes a component for a query string: unreserved characters and `,` (which a query
/// value may hold as it is) stay, everything else becomes `%XX` of its UTF-8 bytes.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    percent_encode_into(&mut out, text);
    out
}

/// [`percent_encode`], appending to `out`.
pub fn percent_encode_into(out: &mut String, text: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &byte in text.as_bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~' | b',') {
            out.push(byte as char);
        } else {
            out.push('%');
            out.push(HEX[usize::from(byte >> 4)] as char);
            out.push(HEX[usize::from(byte & 15)] as char);
        }
    }
}

/// Splits a query string (with or without the leading `?`) into decoded pairs.
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    query
        .strip_prefix('?')
        .unwrap_or(query)
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(decoded_pair)
        .collect()
}

/// One `key=value` pair of a query string, decoded (a pair without `=` has an empty value).
pub fn decoded_pair(pair: &str) -> (String, String) {
    match pair.split_once('=') {
        Some((key, value)) => (percent_decode(key), percent_decode(value)),
        None => (percent_decode(pair), String::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_decoding_handles_utf8_plus_and_bad_escapes() {
        assert_eq!(percent_decode("a+b%20c"), "a b c");
        assert_eq!(percent_decode("%E5%B8%83%E9%9A%86"), "布隆");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
        assert_eq!(percent_decode("%+1"), "% 1");
        assert_eq!(percent_decode("%FF"), "\u{fffd}");
        assert_eq!(percent_encode("a b/ü,"), "a%20b%2F%C3%BC,");
        assert_eq!(
            percent_decode(&percent_encode("<img src=x> 🙂 +%")),
            "<img src=x> 🙂 +%"
        );
    }
}
