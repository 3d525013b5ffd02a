// Common foods, per 100 g of the food as eaten, from the USDA's FoodData Central (SR Legacy and Foundation
// Foods; public domain): energy, protein, carbohydrate and fat, and common portions in grams.
extension FoodTable {
    /// One food a line: `name|kcal|protein g|carbohydrate g|fat g|portions`, portions as `1 slice=28;1 cup=240`
    /// (may be empty). Names are plain English as a person would type them, lower case, no brand names.
    static let data = """
        apple, raw|52|0.3|13.8|0.2|1 medium=182;1 small=149;1 cup sliced=109
        applesauce, unsweetened|42|0.2|11.3|0.1|1 cup=244;half cup=122
        apricot, raw|48|1.4|11.1|0.4|1 apricot=35;1 cup sliced=165
        apricots, dried|241|3.4|62.6|0.5|5 apricots=35;1 cup halves=130
        avocado, raw|160|2.0|8.5|14.7|1 avocado=201;half avocado=100;1 cup sliced=146
        banana, raw|89|1.1|22.8|0.3|1 medium=118;1 large=136;1 small=101
        blackberries, raw|43|1.4|9.6|0.5|1 cup=144
        blueberries, raw|57|0.7|14.5|0.3|1 cup=148;1 handful=40
        cantaloupe melon, raw|34|0.8|8.2|0.2|1 cup diced=156;1 wedge=69
        cherries, sweet, raw|63|1.1|16.0|0.2|1 cup=154;10 cherries=82
        clementine, raw|47|0.9|12.0|0.2|1 clementine=74
        coconut, desiccated, unsweetened|660|6.9|23.7|64.5|1 tbsp=5;1 cup=78
        cranberries, dried, sweetened|308|0.2|82.8|1.1|1 tbsp=10;quarter cup=40
        dates, medjool|277|1.8|75.0|0.2|1 date=24
        figs, raw|74|0.8|19.2|0.3|1 medium=50
        fruit salad, fresh|50|0.7|12.5|0.2|1 cup=150;1 bowl=200
        grapefruit, raw|42|0.8|10.7|0.1|half grapefruit=123;1 cup sections=230
        grapes, raw|69|0.7|18.1|0.2|1 cup=151;10 grapes=49
        honeydew melon, raw|36|0.5|9.1|0.1|1 cup diced=170;1 wedge=125
        kiwi fruit, raw|61|1.1|14.7|0.5|1 kiwi=69
        lemon, raw|29|1.1|9.3|0.3|1 lemon=58
        lime, raw|30|0.7|10.5|0.2|1 lime=67
        mango, raw|60|0.8|15.0|0.4|1 mango=336;1 cup pieces=165
        nectarine, raw|44|1.1|10.6|0.3|1 medium=142
        orange, raw|47|0.9|11.8|0.1|1 medium=131;1 large=184
        papaya, raw|43|0.5|10.8|0.3|1 cup pieces=145;1 small=157
        peach, raw|39|0.9|9.5|0.3|1 medium=150;1 cup sliced=154
        pear, raw|57|0.4|15.2|0.1|1 medium=178;1 small=148
        pineapple, raw|50|0.5|13.1|0.1|1 cup chunks=165;1 slice=84
        plum, raw|46|0.7|11.4|0.3|1 plum=66
        pomegranate, raw|83|1.7|18.7|1.2|1 cup seeds=174;1 pomegranate=282
        prunes (dried plums)|240|2.2|63.9|0.4|1 prune=10;5 prunes=48
        raisins|299|3.1|79.2|0.5|1 small box=43;1 tbsp=9;1 cup=145
        raspberries, raw|52|1.2|11.9|0.7|1 cup=123
        strawberries, raw|32|0.7|7.7|0.3|1 cup halves=152;1 medium=12
        tangerine (mandarin), raw|53|0.8|13.3|0.3|1 medium=88
        watermelon, raw|30|0.6|7.6|0.2|1 cup diced=152;1 wedge=286
        olives, black|115|0.8|6.3|10.7|5 large=22;1 tbsp=8
        artichoke, cooked|53|2.9|12.0|0.3|1 medium=120
        arugula (rocket), raw|25|2.6|3.7|0.7|1 cup=20
        asparagus, cooked|22|2.4|4.1|0.2|1 spear=15;1 cup=180
        aubergine (eggplant), cooked|35|0.8|8.7|0.2|1 cup cubes=99
        beetroot, cooked|44|1.7|10.0|0.2|1 beet=50;1 cup slices=170
        bell pepper, red, raw|31|1.0|6.0|0.3|1 medium=119;1 cup chopped=149
        bell pepper, green, raw|20|0.9|4.6|0.2|1 medium=119;1 cup chopped=149
        broccoli, raw|34|2.8|6.6|0.4|1 cup chopped=91;1 floret=11
        broccoli, cooked|35|2.4|7.2|0.4|1 cup chopped=156
        brussels sprouts, cooked|36|2.6|7.1|0.5|1 cup=156;1 sprout=21
        cabbage, raw|25|1.3|5.8|0.1|1 cup shredded=89
        carrot, raw|41|0.9|9.6|0.2|1 medium=61;1 cup chopped=128
        carrots, cooked|35|0.8|8.2|0.2|1 cup sliced=156
        cauliflower, raw|25|1.9|5.0|0.3|1 cup chopped=107
        cauliflower, cooked|23|1.8|4.1|0.5|1 cup=124
        celery, raw|14|0.7|3.0|0.2|1 stalk=40;1 cup chopped=101
        corn, sweet, cooked|96|3.4|21.0|1.5|1 ear=100;1 cup=164
        sweetcorn, canned, drained|81|2.6|15.4|1.2|1 cup=165;1 tbsp=15
        cucumber, raw|15|0.7|3.6|0.1|1 cup sliced=104;1 medium=201
        edamame, cooked|121|11.9|8.9|5.2|1 cup=155
        garlic, raw|149|6.4|33.1|0.5|1 clove=3
        green beans, cooked|35|1.9|7.9|0.3|1 cup=125
        kale, raw|49|4.3|8.8|0.9|1 cup chopped=67
        lettuce, iceberg, raw|14|0.9|3.0|0.1|1 cup shredded=72;1 leaf=8
        lettuce, romaine, raw|17|1.2|3.3|0.3|1 cup shredded=47;1 leaf=6
        lettuce, mixed salad leaves|17|1.4|2.9|0.2|1 cup=36;1 bowl=85
        mixed vegetables, frozen, cooked|65|2.9|13.1|0.2|1 cup=182
        mushrooms, raw|22|3.1|3.3|0.3|1 cup sliced=70;1 mushroom=18
        mushrooms, cooked|28|2.2|5.3|0.5|1 cup pieces=156
        onion, raw|40|1.1|9.3|0.1|1 medium=110;1 cup chopped=160
        peas, green, cooked|84|5.4|15.6|0.2|1 cup=160;1 tbsp=10
        pickles, dill (gherkins)|12|0.3|2.4|0.4|1 spear=35;1 pickle=65
        potato, baked (jacket potato), with skin|93|2.5|21.2|0.1|1 medium=173;1 large=299
        potatoes, boiled|87|1.9|20.1|0.1|1 medium=136;1 cup=156
        potatoes, mashed with milk and butter|113|1.9|16.8|4.2|1 cup=210;1 scoop=100
        potatoes, roasted with oil|149|2.4|21.0|5.9|1 cup=150;1 piece=40
        pumpkin, cooked|20|0.7|4.9|0.1|1 cup mashed=245
        spinach, raw|23|2.9|3.6|0.4|1 cup=30;1 handful=25
        spinach, cooked|23|3.0|3.8|0.3|1 cup=180
        squash, butternut, cooked|40|0.9|10.5|0.1|1 cup cubes=205
        sweet potato, baked|90|2.0|20.7|0.2|1 medium=114;1 cup=200
        tomato, raw|18|0.9|3.9|0.2|1 medium=123;1 cup chopped=180
        tomatoes, cherry, raw|18|0.9|3.9|0.2|1 cherry tomato=17;1 cup=149
        tomatoes, canned|16|0.8|3.5|0.3|1 cup=240;1 can (400 g)=400
        tomato paste|82|4.3|18.9|0.5|1 tbsp=16
        pasta sauce, tomato (marinara)|50|1.4|8.1|1.5|half cup=132;1 jar=680
        salsa|36|1.5|6.6|0.2|2 tbsp=36
        zucchini (courgette), raw|17|1.2|3.1|0.3|1 medium=196;1 cup sliced=113
        rice, white, cooked|130|2.7|28.2|0.3|1 cup=158;half cup=79
        rice, white, dry|365|7.1|80.0|0.7|1 cup=185;quarter cup=46
        rice, brown, cooked|111|2.6|23.0|0.9|1 cup=195
        rice, brown, dry|370|7.9|77.2|2.9|1 cup=185;quarter cup=46
        rice, basmati, cooked|121|3.5|25.2|0.4|1 cup=163
        fried rice, egg and vegetable|168|3.9|24.1|6.1|1 cup=137;1 portion=300
        pasta, cooked|158|5.8|30.9|0.9|1 cup=140;1 portion=200
        pasta, dry|371|13.0|74.7|1.5|2 oz=56;1 portion=75
        spaghetti, cooked|158|5.8|30.9|0.9|1 cup=140;1 portion=200
        pasta, whole wheat, cooked|124|5.3|26.5|0.5|1 cup=140
        egg noodles, cooked|138|4.5|25.2|2.1|1 cup=160
        rice noodles, cooked|108|1.8|24.0|0.2|1 cup=176
        instant noodles (ramen), dry|440|9.2|62.0|17.0|1 block=85
        couscous, cooked|112|3.8|23.2|0.2|1 cup=157
        couscous, dry|376|12.8|77.4|0.6|quarter cup=43
        quinoa, cooked|120|4.4|21.3|1.9|1 cup=185
        quinoa, dry|368|14.1|64.2|6.1|quarter cup=43
        bulgur wheat, cooked|83|3.1|18.6|0.2|1 cup=182
        flour, wheat, white|364|10.3|76.3|1.0|1 cup=125;1 tbsp=8
        bread, white|266|7.6|50.6|3.3|1 slice=25;1 thick slice=40
        bread, whole wheat (wholemeal)|247|13.0|41.3|3.4|1 slice=32
        bread, multigrain|265|13.4|43.3|4.2|1 slice=26
        bread, rye|259|8.5|48.3|3.3|1 slice=32
        bread, sourdough|272|10.8|51.9|2.4|1 slice=50
        baguette (french bread)|272|10.8|51.9|2.4|1 slice=25;1 baguette=250
        bread roll, white|310|10.9|52.0|6.5|1 small roll=28;1 large roll=60
        hamburger bun|279|9.8|49.4|3.8|1 bun=44
        bagel, plain|257|10.0|50.5|1.6|1 medium bagel=105
        english muffin|227|8.9|44.2|1.7|1 muffin=57
        pita bread, white|275|9.1|55.7|1.2|1 large pita=60;1 small pita=28
        tortilla wrap, flour|306|8.2|50.0|8.0|1 medium (8 inch)=49;1 large=72
        tortilla, corn|218|5.7|44.6|2.9|1 tortilla=26
        naan bread|291|9.6|50.4|5.7|1 naan=90
        garlic bread|350|8.0|42.0|16.5|1 slice=30
        croissant, butter|406|8.2|45.8|21.0|1 medium=57
        scone, plain|364|7.5|50.0|14.5|1 scone=60
        crackers, saltine|421|9.5|74.1|8.6|5 crackers=15
        rice cakes, plain|387|8.2|81.5|2.8|1 cake=9
        porridge (oatmeal), cooked with water|71|2.5|12.0|1.5|1 cup=234;1 bowl=250
        porridge (oatmeal), cooked with whole milk|106|5.1|13.3|3.8|1 bowl=290;1 cup=240
        porridge (oatmeal), cooked with semi-skimmed milk|97|5.1|13.3|2.7|1 bowl=290;1 cup=240
        porridge (oatmeal), cooked with skim milk|83|5.3|13.5|1.0|1 bowl=290;1 cup=240
        oats, rolled (porridge oats), dry|379|13.2|67.7|6.5|half cup=40;1 cup=81
        muesli|360|9.7|66.0|6.0|half cup=45;1 cup=85
        granola|471|10.0|64.0|20.0|half cup=60;1 serving=45
        corn flakes|357|7.5|84.1|0.4|1 cup=28
        bran flakes|333|10.3|79.5|2.1|1 cup=40
        puffed rice cereal (crisped rice)|387|6.5|86.5|1.5|1 cup=26
        wheat biscuits cereal|362|12.0|69.0|2.0|2 biscuits=37
        egg, whole, raw|143|12.6|0.7|9.5|1 large=50;1 medium=44
        egg, boiled|155|12.6|1.1|10.6|1 large=50;1 medium=44
        egg, poached|143|12.5|0.7|9.5|1 large=50
        egg, fried|196|13.6|0.8|14.8|1 large=46
        eggs, scrambled|149|10.0|1.6|11.0|1 large egg=61;1 cup=220
        omelette, plain|154|10.6|0.6|11.7|2 egg omelette=122
        egg white, raw|52|10.9|0.7|0.2|1 large=33
        pancakes, plain|227|6.4|28.3|9.7|1 pancake (4 inch)=38;1 large=77
        waffles, plain|291|7.9|32.9|14.1|1 waffle=75
        hash browns|265|3.0|35.0|12.5|1 patty=60;1 cup=156
        muffin, blueberry|377|4.4|54.2|16.0|1 medium=113;1 mini=17
        granola bar (cereal bar)|443|7.4|65.6|17.2|1 bar=28
        jam (jelly), fruit|278|0.4|68.9|0.1|1 tbsp=20;1 tsp=7
        honey|304|0.3|82.4|0.0|1 tbsp=21;1 tsp=7
        maple syrup|260|0.0|67.0|0.1|1 tbsp=20
        sugar, white|387|0.0|100.0|0.0|1 tsp=4;1 tbsp=13
        sugar, brown|380|0.1|98.1|0.0|1 tsp=5;1 tbsp=14
        chocolate hazelnut spread|539|6.3|57.5|30.9|1 tbsp=19
        milk, whole (full fat)|61|3.2|4.8|3.3|1 cup=244;1 glass (250 ml)=258;100 ml=103
        milk, semi-skimmed (2%)|50|3.3|4.8|2.0|1 cup=244;1 glass (250 ml)=258;100 ml=103
        milk, low fat (1%)|42|3.4|5.0|1.0|1 cup=244;1 glass (250 ml)=258;100 ml=103
        milk, skim (skimmed, fat free)|34|3.4|5.0|0.1|1 cup=245;1 glass (250 ml)=258;100 ml=103
        milk, chocolate, reduced fat|76|3.0|12.1|1.9|1 cup=250
        soy milk, unsweetened|33|2.9|1.7|1.6|1 cup=243
        almond milk, unsweetened|15|0.6|0.6|1.1|1 cup=240
        oat milk|46|1.0|6.7|1.5|1 cup=240
        kefir, plain|41|3.8|4.5|0.9|1 cup=243
        yogurt, plain, whole milk|61|3.5|4.7|3.3|1 cup=245;1 pot (150 g)=150
        yogurt, plain, low fat|63|5.3|7.0|1.6|1 cup=245;1 pot (150 g)=150
        yogurt, plain, nonfat|56|5.7|7.7|0.2|1 cup=245;1 pot (150 g)=150
        yogurt, fruit, low fat|99|4.0|18.6|1.2|1 pot (150 g)=150;1 cup=245
        greek yogurt, plain, nonfat|59|10.2|3.6|0.4|1 pot (170 g)=170;1 cup=227
        greek yogurt, plain, whole milk|97|9.0|4.0|5.0|1 pot (170 g)=170;1 cup=227
        skyr, plain|63|11.0|4.0|0.2|1 pot (150 g)=150
        cottage cheese, low fat (2%)|81|10.5|4.8|2.3|half cup=113
        cottage cheese, full fat (4%)|98|11.1|3.4|4.3|half cup=105
        cream cheese|342|5.9|4.1|34.2|1 tbsp=15
        cheddar cheese|403|24.9|1.3|33.1|1 slice=28;1 oz=28;1 cup shredded=113
        mozzarella, whole milk|300|22.2|2.2|22.4|1 oz=28;1 ball=125
        mozzarella, part skim|254|24.3|2.8|15.9|1 oz=28
        parmesan cheese, grated|431|38.5|4.1|28.6|1 tbsp=5
        feta cheese|264|14.2|4.1|21.3|1 oz=28;1 cup crumbled=150
        swiss cheese (emmental)|380|27.0|5.4|27.8|1 slice=28
        brie|334|20.8|0.5|27.7|1 oz=28
        gouda|356|24.9|2.2|27.4|1 slice=28
        ricotta, whole milk|174|11.3|3.0|13.0|half cup=124
        processed cheese slice (american cheese)|371|18.1|4.8|30.7|1 slice=21
        cream, heavy (double)|340|2.8|2.7|36.1|1 tbsp=15
        sour cream|198|2.4|4.6|19.4|1 tbsp=12
        butter, salted|717|0.9|0.1|81.1|1 tbsp=14;1 tsp=5;1 pat=5
        margarine (vegetable oil spread, 60% fat)|535|0.2|0.7|60.0|1 tbsp=14;1 tsp=5
        olive oil|884|0.0|0.0|100.0|1 tbsp=14;1 tsp=5
        sunflower oil|884|0.0|0.0|100.0|1 tbsp=14;1 tsp=5
        vegetable oil|884|0.0|0.0|100.0|1 tbsp=14;1 tsp=5
        coconut oil|892|0.0|0.0|99.1|1 tbsp=14;1 tsp=5
        ghee (clarified butter)|876|0.3|0.0|99.5|1 tbsp=13;1 tsp=5
        mayonnaise|680|1.0|0.6|74.9|1 tbsp=14
        salad dressing, vinaigrette (oil and vinegar)|449|0.0|2.5|50.1|1 tbsp=16
        salad dressing, ranch|430|1.3|5.9|44.5|1 tbsp=15
        ketchup (tomato sauce)|101|1.0|27.4|0.1|1 tbsp=17;1 sachet=10
        mustard, yellow|60|3.7|5.8|3.3|1 tsp=5
        soy sauce|53|8.1|4.9|0.6|1 tbsp=16
        barbecue sauce|172|0.8|40.8|0.6|1 tbsp=17
        pesto|458|5.0|6.0|45.0|1 tbsp=16
        guacamole|157|2.0|8.6|14.3|2 tbsp=30
        hummus|166|7.9|14.3|9.6|2 tbsp=30;1 tbsp=15
        chicken breast, roasted or grilled, skinless|165|31.0|0.0|3.6|1 breast=120;3 oz=85
        chicken breast, raw, skinless|120|22.5|0.0|2.6|1 breast=170
        chicken thigh, roasted, skinless|209|26.0|0.0|10.9|1 thigh=52
        chicken drumstick, roasted, with skin|216|27.0|0.0|11.2|1 drumstick=52
        chicken wings, roasted|290|26.9|0.0|19.5|1 wing=34
        chicken, roasted, meat and skin|239|27.3|0.0|13.6|1 cup=140;3 oz=85
        chicken, fried, battered, with skin|260|24.8|9.0|13.2|1 breast piece=140;1 drumstick=72
        chicken nuggets|296|15.3|15.3|19.7|1 nugget=16;6 nuggets=96
        turkey breast, roasted|147|30.1|0.0|2.1|3 oz=85;1 slice=28
        turkey mince (ground turkey), cooked|213|27.1|0.0|11.6|3 oz=85
        turkey slices, deli|104|17.1|4.2|0.8|1 slice=28
        beef mince (ground beef), 95% lean, cooked|193|29.2|0.0|7.6|3 oz=85;1 cup=140
        beef mince (ground beef), 85% lean, cooked|250|25.9|0.0|15.4|3 oz=85;1 cup=140
        beef burger patty, grilled|254|25.8|0.0|16.0|1 patty=85;1 quarter pound patty=113
        beef steak, sirloin, grilled|206|29.0|0.0|9.2|1 steak=200;3 oz=85
        beef steak, ribeye, grilled|291|23.8|0.0|21.0|1 steak=225;3 oz=85
        roast beef, lean|170|28.0|0.0|6.3|3 oz=85;1 slice=28
        beef jerky|410|33.2|11.0|25.6|1 piece=20;1 oz=28
        meatballs, beef|250|17.0|9.0|16.0|1 meatball=30
        pork chop, grilled|231|27.3|0.0|12.8|1 chop=145
        pork tenderloin, roasted|143|26.2|0.0|3.5|3 oz=85
        pork shoulder, roasted (pulled pork)|269|23.3|0.0|19.0|1 cup=140;3 oz=85
        bacon, fried|541|37.0|1.4|41.8|1 slice=8
        ham, sliced (deli)|163|16.6|3.8|8.6|1 slice=28
        sausage, pork, cooked|325|18.5|1.4|27.3|1 sausage=45;1 link=25
        frankfurter (hot dog sausage)|305|11.2|1.7|27.6|1 frankfurter=45
        salami|407|22.6|1.6|34.1|1 slice=10
        pepperoni|504|19.3|1.2|46.3|10 slices=20
        chorizo|455|24.1|1.9|38.3|1 link=60;1 slice=8
        lamb, leg, roasted|258|25.6|0.0|16.5|3 oz=85
        salmon, farmed, cooked|206|22.1|0.0|12.4|1 fillet=178;3 oz=85
        salmon, wild, cooked|182|25.4|0.0|8.1|1 fillet=154;3 oz=85
        salmon, smoked|117|18.3|0.0|4.3|1 slice=28;1 oz=28
        tuna, canned in water, drained|116|25.5|0.0|0.8|1 can=165;3 oz=85
        tuna, canned in oil, drained|198|29.1|0.0|8.2|1 can=171;3 oz=85
        cod, cooked|105|22.8|0.0|0.9|1 fillet=180
        haddock, cooked|90|20.0|0.0|0.6|1 fillet=150
        tilapia, cooked|128|26.2|0.0|2.7|1 fillet=87
        mackerel, cooked|262|23.9|0.0|17.8|1 fillet=88
        sardines, canned in oil, drained|208|24.6|0.0|11.5|1 can=92;1 sardine=12
        shrimp (prawns), cooked|99|24.0|0.2|0.3|3 oz=85;1 large shrimp=6
        fish fingers (fish sticks)|277|11.0|24.3|15.0|1 fish finger=28
        fish, battered and fried|232|14.8|14.5|12.6|1 fillet=200
        lentils, cooked|116|9.0|20.1|0.4|1 cup=198
        lentils, dry|352|24.6|63.4|1.1|quarter cup=48
        chickpeas (garbanzo beans), cooked|164|8.9|27.4|2.6|1 cup=164
        chickpeas (garbanzo beans), canned, drained|139|7.1|22.5|2.8|1 cup=164;1 can drained=240
        black beans, cooked|132|8.9|23.7|0.5|1 cup=172
        kidney beans, cooked|127|8.7|22.8|0.5|1 cup=177
        pinto beans, cooked|143|9.0|26.2|0.7|1 cup=171
        white beans (cannellini), cooked|139|9.7|25.1|0.4|1 cup=179
        baked beans in tomato sauce|94|4.8|21.1|0.4|half cup=127;1 can (415 g)=415
        tofu, firm|144|17.3|2.8|8.7|half cup=126;1 slice=84
        tempeh|192|20.3|7.6|10.8|1 cup=166
        falafel|333|13.3|31.8|17.8|1 falafel=17
        almonds|579|21.2|21.6|49.9|1 oz=28;10 almonds=12
        almond butter|614|21.0|18.8|55.5|1 tbsp=16
        cashews|553|18.2|30.2|43.9|1 oz=28;10 cashews=16
        mixed nuts, roasted|594|17.3|25.4|51.5|1 oz=28;1 handful=30
        peanuts, dry roasted|585|23.7|21.5|49.7|1 oz=28;1 handful=30
        peanut butter, smooth|588|25.1|19.6|50.4|1 tbsp=16;2 tbsp=32
        pistachios|560|20.2|27.2|45.3|1 oz=28
        walnuts|654|15.2|13.7|65.2|1 oz=28;1 half=2
        trail mix|462|13.8|44.9|29.4|1 oz=28;quarter cup=38
        chia seeds|486|16.5|42.1|30.7|1 tbsp=12
        flaxseed (linseed)|534|18.3|28.9|42.2|1 tbsp=10
        pumpkin seeds|559|30.2|10.7|49.1|1 oz=28;1 tbsp=9
        sesame seeds|573|17.7|23.5|49.7|1 tbsp=9
        sunflower seeds|584|20.8|20.0|51.5|1 oz=28;1 tbsp=9
        tahini|595|17.0|21.2|53.8|1 tbsp=15
        chocolate, milk|535|7.7|59.4|29.7|1 bar (45 g)=45;1 square=7
        chocolate, dark (70-85% cocoa)|598|7.8|45.9|42.6|1 square=10;1 oz=28
        chocolate, dark (45-59% cocoa)|546|4.9|61.2|31.3|1 square=10;1 oz=28
        chocolate, white|539|5.9|59.2|32.1|1 square=7;1 oz=28
        chocolate bar with peanuts, caramel and nougat|491|7.5|61.4|23.9|1 bar=52
        wafer bar, chocolate-covered|518|6.5|64.6|26.0|1 bar (4 fingers)=45;1 finger=11
        chips (crisps), potato, plain|536|7.0|52.9|34.6|1 small bag=25;1 oz=28
        crisps (potato chips), plain|536|7.0|52.9|34.6|1 small bag=25;1 oz=28
        tortilla chips|497|6.8|63.6|23.4|1 oz=28;10 chips=20
        popcorn, air-popped|387|12.9|77.8|4.5|1 cup=8
        popcorn, oil-popped|500|9.0|57.2|28.1|1 cup=11
        pretzels, hard, salted|380|10.3|79.8|2.6|1 oz=28;10 twists=60
        cookie (biscuit), chocolate chip|488|5.0|64.0|24.0|1 cookie=16;1 large cookie=40
        cookie (biscuit), oatmeal|450|6.2|68.7|18.1|1 cookie=18
        cookie (biscuit), chocolate sandwich with cream|473|4.9|70.6|19.8|1 cookie=12
        biscuits, digestive|471|7.2|62.0|20.9|1 biscuit=15
        cake, chocolate with frosting|367|4.1|54.6|16.4|1 slice=64
        cake, sponge (plain)|297|5.4|61.0|2.7|1 slice=38
        cake, carrot with cream cheese frosting|415|4.1|51.0|22.0|1 slice=110
        cheesecake|321|5.5|25.5|22.5|1 slice=80
        brownie|405|4.8|63.9|16.3|1 brownie=56
        donut (doughnut), glazed|403|6.4|44.3|22.9|1 medium=60
        apple pie|237|1.9|34.0|11.0|1 slice=125
        ice cream, vanilla|207|3.5|23.6|11.0|1 scoop=66;half cup=66
        ice cream, chocolate|216|3.8|28.2|11.0|1 scoop=66;half cup=66
        frozen yogurt|159|4.0|24.2|5.6|half cup=72
        sorbet|125|0.4|31.0|0.1|1 scoop=70
        gummy sweets (gummy bears)|343|6.9|77.0|0.0|10 bears=22;1 small bag=50
        rice pudding|122|3.2|17.0|4.7|half cup=120;1 pot=150
        custard|122|4.1|18.0|3.9|half cup=130
        water|0|0.0|0.0|0.0|1 glass=250;1 bottle (500 ml)=500
        orange juice|45|0.7|10.4|0.2|1 cup=248;1 glass (250 ml)=260
        apple juice|46|0.1|11.3|0.1|1 cup=248;1 glass (250 ml)=260
        pineapple juice|53|0.4|12.9|0.1|1 cup=250
        fruit smoothie|60|0.6|14.0|0.2|1 cup=245;1 bottle (250 ml)=255
        cola|37|0.0|9.6|0.0|1 can (330 ml)=345;1 can (355 ml)=370
        cola, diet (sugar free)|2|0.1|0.3|0.0|1 can (330 ml)=330;1 can (355 ml)=355
        soda, lemon-lime|41|0.1|10.4|0.1|1 can (330 ml)=345;1 can (355 ml)=370
        lemonade|40|0.1|10.4|0.0|1 glass (250 ml)=260
        energy drink|45|0.3|11.0|0.1|1 can (250 ml)=260;1 can (500 ml)=520
        sports drink|26|0.0|6.4|0.0|1 bottle (500 ml)=510;1 cup=240
        coconut water|19|0.7|3.7|0.2|1 cup=240
        coffee, black|1|0.1|0.0|0.0|1 cup=237;1 mug=300
        espresso|9|0.1|1.7|0.2|1 shot=30;1 double shot=60
        coffee with milk, no sugar|8|0.4|0.6|0.4|1 cup=250;1 mug=300
        latte (coffee with whole milk)|54|2.9|4.3|2.8|1 small (240 ml)=245;1 large (470 ml)=480
        latte (coffee with semi-skimmed milk)|42|2.8|4.1|1.6|1 small (240 ml)=245;1 large (470 ml)=480
        cappuccino (coffee with whole milk)|36|1.9|2.9|1.9|1 cup (240 ml)=245
        hot chocolate, made with milk|77|3.5|10.7|2.3|1 mug=250
        tea, black|1|0.0|0.3|0.0|1 cup=237;1 mug=300
        tea with milk, no sugar|7|0.3|0.7|0.3|1 cup=250;1 mug=300
        tea, green|1|0.2|0.0|0.0|1 cup=237
        tea, herbal|1|0.0|0.2|0.0|1 cup=237
        milkshake, chocolate|119|3.2|21.2|2.7|1 small (350 ml)=360
        protein shake, whey, made with water|37|7.1|0.8|0.5|1 shake=330
        protein shake, whey, made with milk|81|9.9|5.1|2.4|1 shake=340
        protein shake, ready to drink|52|6.7|2.6|1.4|1 bottle (330 ml)=340
        beer, regular|43|0.5|3.6|0.0|1 bottle (330 ml)=330;1 can (355 ml)=356;1 pint (568 ml)=568
        beer, light|29|0.2|1.6|0.0|1 bottle (330 ml)=330;1 can (355 ml)=354
        beer, alcohol free|22|0.2|4.8|0.0|1 bottle (330 ml)=330
        wine, red|85|0.1|2.6|0.0|1 glass (150 ml)=148;1 bottle (750 ml)=740
        wine, white|82|0.1|2.6|0.0|1 glass (150 ml)=148;1 bottle (750 ml)=740
        wine, sparkling (champagne, prosecco)|80|0.2|1.5|0.0|1 glass (125 ml)=124
        cider, alcoholic|49|0.0|5.9|0.0|1 bottle (500 ml)=505;1 pint (568 ml)=574
        spirits (vodka, gin, rum, whisky), 40%|231|0.0|0.0|0.0|1 shot (25 ml)=24;1 shot (44 ml)=42
        pizza, cheese|266|11.4|33.3|9.7|1 slice=107
        pizza, pepperoni|298|12.8|32.6|13.2|1 slice=113
        lasagne (lasagna) with meat|165|9.6|16.0|6.8|1 portion=300
        spaghetti bolognese|150|7.5|18.0|5.3|1 plate=350
        spaghetti carbonara|200|8.5|21.0|9.0|1 plate=300
        pasta with tomato sauce|120|4.0|21.0|2.2|1 plate=300
        macaroni and cheese|164|6.6|16.9|7.8|1 cup=200
        chicken curry (no rice)|140|12.0|5.0|8.0|1 portion=300
        chicken tikka masala|151|12.0|6.0|8.8|1 portion=300
        vegetable curry|95|2.5|10.0|5.0|1 portion=300
        dal (lentil curry)|110|5.5|14.0|3.5|1 cup=240
        chili con carne|120|9.5|8.5|5.5|1 cup=250
        beef stew|95|8.0|8.0|3.4|1 cup=245
        shepherd's pie (cottage pie)|110|6.0|10.0|5.0|1 portion=350
        hamburger (burger in bun), plain|254|13.0|30.0|9.4|1 burger=110
        cheeseburger|263|13.5|25.0|12.5|1 burger=120
        chicken burger, fried chicken|255|11.5|24.0|12.5|1 burger=180
        veggie burger patty|177|15.7|14.3|6.3|1 patty=70
        hot dog in bun|247|10.6|18.4|14.5|1 hot dog=98
        french fries (chips), fast food|312|3.4|41.4|14.7|1 small=71;1 medium=117;1 large=154
        french fries (chips), oven-baked|172|2.7|27.0|6.0|1 portion=150
        sushi, salmon nigiri|155|7.5|24.0|3.2|1 piece=35
        sushi, vegetable maki roll|140|3.0|29.0|0.8|1 piece=25
        green salad, no dressing|17|1.2|3.3|0.2|1 bowl=150
        green salad with vinaigrette dressing|70|1.2|4.0|5.8|1 bowl=165
        caesar salad with chicken|130|10.0|5.0|8.0|1 bowl=300
        greek salad|105|3.0|4.5|8.6|1 bowl=250
        potato salad|143|2.7|11.2|8.2|1 cup=250
        coleslaw|148|1.0|12.0|11.0|half cup=80
        tuna salad (tuna mayonnaise)|187|16.0|9.4|9.3|half cup=100
        sandwich, ham and cheese|240|14.0|26.0|9.0|1 sandwich=150
        sandwich, tuna mayonnaise|230|12.0|24.0|9.5|1 sandwich=160
        sandwich, chicken|220|14.0|24.0|7.5|1 sandwich=170
        sandwich, cheese|290|12.0|29.0|14.0|1 sandwich=120
        sandwich, blt (bacon, lettuce, tomato)|235|9.5|22.0|12.0|1 sandwich=150
        sandwich, peanut butter and jelly (jam)|364|11.0|44.0|16.0|1 sandwich=93
        beans on toast|130|5.3|21.0|2.6|1 portion=220
        chicken wrap|200|11.0|21.0|7.8|1 wrap=230
        burrito, beef and bean|200|8.5|24.0|7.5|1 burrito=250
        tacos, beef|210|9.5|16.0|12.0|1 taco=78
        quesadilla, cheese|304|13.0|27.0|16.0|1 quesadilla=180
        nachos with cheese|306|8.0|32.0|16.8|1 portion=200
        kebab (doner kebab in pita)|215|12.0|19.0|10.0|1 kebab=350
        stir-fry, chicken and vegetables|105|10.0|5.0|5.0|1 portion=300
        chow mein, chicken|120|6.0|13.0|4.8|1 portion=350
        pad thai with chicken|170|8.5|20.0|6.2|1 plate=350
        ramen noodle soup with pork|80|4.5|9.0|2.8|1 bowl=550
        spring roll (egg roll), fried|222|6.5|24.6|10.8|1 roll=89;1 small roll=25
        dumplings, pork, steamed|190|8.5|22.0|7.5|1 dumpling=25
        risotto, mushroom|130|3.0|19.0|4.5|1 portion=300
        fish and chips|210|9.0|22.0|9.6|1 portion=450
        soup, vegetable|35|1.2|6.0|0.8|1 bowl=250;1 cup=245
        soup, chicken noodle|31|1.6|3.9|1.0|1 bowl=250;1 cup=245
        soup, tomato|34|0.8|6.8|0.5|1 bowl=250;1 cup=245
        soup, lentil|60|3.8|9.0|1.0|1 bowl=250;1 cup=245
        energy gel|275|0.0|68.8|0.0|1 gel (32 g)=32;1 gel (60 ml)=60
        energy bar|368|14.7|60.0|7.4|1 bar=68
        protein bar|360|33.0|37.0|10.0|1 bar=60
        whey protein powder|400|78.0|8.0|6.0|1 scoop=30
        """
}
