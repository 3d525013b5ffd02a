/// Finding a food by a few letters, as a person types on a phone or says to the hub: each word of the query is
/// the start of a word of the name ("porr milk" finds "porridge (oatmeal), cooked with milk"), or close to one
/// (one letter wrong, missing, extra or two swapped; two in a word of eight letters or more: "bananna", "yoghurt").
public enum FoodSearch {
    /// Foods matching `query`, best first: the person's favourites and most eaten first (`eaten`: times logged, by
    /// name), then those matched without a typo, then those whose name starts with the query, then shorter names.
    public static func search(
        _ query: String, in foods: [Food], favourites: Set<String> = [], eaten: [String: Int] = [:], limit: Int = 10
    ) -> [Food] {
        let wanted = words(query)
        guard !wanted.isEmpty, limit > 0 else { return [] }
        var found: [(food: Food, typos: Int, leading: Bool, usage: Int)] = []
        for food in foods {
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
            found.append((food, typos, leading, usage))
        }
        found.sort { a, b in
            if a.usage != b.usage { return a.usage > b.usage }
            if a.typos != b.typos { return a.typos < b.typos }
            if a.leading != b.leading { return a.leading }
            if a.food.name.count != b.food.name.count { return a.food.name.count < b.food.name.count }
            return a.food.name < b.food.name
        }
        return found.prefix(limit).map(\.food)
    }

    /// Lower-case words of letters and digits.
    static func words(_ text: String) -> [[Character]] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(Array.init)
    }

    /// 0 when `word` starts `name`'s word, the typos when it is close to its start or to the whole word, nil when
    /// neither. Words of 1–3 letters must match exactly: "ham" is not "jam".
    static func cost(of word: [Character], against name: [Character]) -> Int? {
        if name.starts(with: word) { return 0 }
        let allowed = word.count >= 8 ? 2 : word.count >= 4 ? 1 : 0
        guard allowed > 0 else { return nil }
        let start = Array(name.prefix(word.count))
        let distance = min(editDistance(word, start), editDistance(word, name))
        return distance <= allowed ? distance : nil
    }

    /// Letters changed, added, removed or two neighbours swapped (optimal string alignment distance).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
