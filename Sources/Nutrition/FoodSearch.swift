/// Finding a food by a few letters, as a person types on a phone or says to the hub: each word of the query is
/// the start of a word of the name ("porr milk" finds "porridge (oatmeal), cooked with milk"), or close to one
/// (one letter wrong, missing, extra or two swapped; two in a word of eight letters or more: "bananna", "yoghurt").
public enum FoodSearch {
    /// Foods matching `query`, best first: the person's favourites and most eaten first (`eaten`: times logged, by
    /// name), then those whose name is the query before its first comma or bracket ("apple" is "apple, raw"; among
    /// them the first in `foods`, where the table puts the usual form: "rice, white, cooked" before "rice, brown,
    /// dry"), then those matched without a typo, then those with the query's words whole ("cheddar cheese" before
    /// "cheesecake"), then those whose name starts with the query, then shorter names.
    ///
    /// The first is what `stayfit food add apple` logs, so a plain name must find the plain food: by length alone,
    /// "apple pie" came before "apple, raw", and "rice pudding" before "rice, white, cooked".
    public static func search(
        _ query: String, in foods: [Food], favourites: Set<String> = [], eaten: [String: Int] = [:], limit: Int = 10
    ) -> [Food] {
        let wanted = words(query)
        guard !wanted.isEmpty, limit > 0 else { return [] }
        var found: [(food: Food, head: Bool, typos: Int, whole: Bool, leading: Bool, usage: Int, order: Int)] = []
        for (order, food) in foods.enumerated() {
            let name = words(food.name)
            var typos = 0
            var matched = true
            for word in wanted {
                guard let cost = name.lazy.compactMap({ cost(of: word, against: $0) }).min() else {
                    matched = false
                    break
                }
                typos += cost
            }
            guard matched else { continue }
            let key = food.name.lowercased()
            let usage = (favourites.contains(key) ? 1_000_000 : 0) + (eaten[key] ?? 0)
            // The name starts with the first word asked for (typo or not): "chiken" ranks "chicken wrap" above
            // "sandwich, chicken".
            let leading = name.first.map { cost(of: wanted[0], against: $0) != nil } ?? false
            let head = words(String(food.name.prefix { $0 != "," && $0 != "(" })) == wanted
            found.append((food, head, typos, wanted.allSatisfy(name.contains), leading, usage, order))
        }
        found.sort { a, b in
            if a.usage != b.usage { return a.usage > b.usage }
            if a.head != b.head { return a.head }
            if a.head { return a.order < b.order }
            if a.typos != b.typos { return a.typos < b.typos }
            if a.whole != b.whole { return a.whole }
            if a.leading != b.leading { return a.leading }
            if a.food.name.count != b.food.name.count { return a.food.name.count < b.food.name.count }
            return a.food.name < b.food.name
        }
        return found.prefix(limit).map(\.food)
    }

    /// Lower-case words of letters and digits, as Unicode scalars: comparing two scalars is comparing two numbers,
    /// where comparing two `Character`s walks grapheme clusters (that was most of a search's time).
    static func words(_ text: String) -> [[Unicode.Scalar]] {
        var words: [[Unicode.Scalar]] = []
        var word: [Unicode.Scalar] = []
        for scalar in text.lowercased().unicodeScalars {
            if isLetterOrDigit(scalar) {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// As `Character.isLetter || isNumber` for a lower-case scalar (with the marks that accent a letter), ASCII
    /// answered without Unicode's tables.
    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return properties.isAlphabetic || properties.numericType != nil
        }
    }

    /// 0 when `word` starts `name`'s word, the typos when it is close to its start or to the whole word, nil when
    /// neither. Words of 1–3 letters must match exactly: "ham" is not "jam".
    static func cost(of word: [Unicode.Scalar], against name: [Unicode.Scalar]) -> Int? {
        if name.starts(with: word) { return 0 }
        let allowed = word.count >= 8 ? 2 : word.count >= 4 ? 1 : 0
        guard allowed > 0 else { return nil }
        var distance = editDistance(word[...], name.prefix(word.count))
        // The whole word only when it could come closer: the difference of the lengths alone costs that much.
        if distance > 1, abs(word.count - name.count) < distance {
            distance = min(distance, editDistance(word[...], name[...]))
        }
        return distance <= allowed ? distance : nil
    }

    /// Letters changed, added, removed or two neighbours swapped (optimal string alignment distance).
    static func editDistance(_ a: ArraySlice<Unicode.Scalar>, _ b: ArraySlice<Unicode.Scalar>) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        let (a0, b0) = (a.startIndex - 1, b.startIndex - 1)  // a[a0 + i] is the i-th letter, from 1
        // Three rows on the stack: this runs thousands of times a search, and heap arrays were most of its cost.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
            var before = 0, previous = width, current = 2 * width
            for j in 0...b.count { rows[previous + j] = j }
            for i in 1...a.count {
                rows[current] = i
                for j in 1...b.count {
                    let substitution = rows[previous + j - 1] + (a[a0 + i] == b[b0 + j] ? 0 : 1)
                    var best = min(rows[previous + j] + 1, rows[current + j - 1] + 1, substitution)
                    if i > 1, j > 1, a[a0 + i] == b[b0 + j - 1], a[a0 + i - 1] == b[b0 + j] {
                        best = min(best, rows[before + j - 2] + 1)
                    }
                    rows[current + j] = best
                }
                (before, previous, current) = (previous, current, before)
            }
            return rows[previous + b.count]
        }
    }
}
